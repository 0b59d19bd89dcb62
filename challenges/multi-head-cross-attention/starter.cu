#include <cuda_runtime.h>

// One thread could own one (query i, head h) pair: score it against every key of that head, take
// the softmax, and write output[i][h][0..D). Head h of row r starts at float (r * H + h) * D.
__global__ void solve_kernel(const float* Q, const float* K, const float* V, float* output, int M, int N, int H,
                             int D) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < M * H) {
        // Your turn.
    }
}

// Q, K, V, output are device pointers.
extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int N, int H, int D) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (M * H + threadsPerBlock - 1) / threadsPerBlock;
    solve_kernel<<<blocksPerGrid, threadsPerBlock>>>(Q, K, V, output, M, N, H, D);
    cudaDeviceSynchronize();
}
