#include <cuda_runtime.h>

// output must hold the k largest values of input, largest first. One way to start: each block
// finds the k largest values of its own slice, and a second step picks the k largest of those.
__global__ void top_k_kernel(const float* input, float* output, int N, int k) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < k) {
        // Your turn: output[i] must be the (i + 1)-th largest value of input.
    }
}

// input and output are device pointers. output holds garbage on entry.
extern "C" void solve(const float* input, float* output, int N, int k) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (k + threadsPerBlock - 1) / threadsPerBlock;
    top_k_kernel<<<blocksPerGrid, threadsPerBlock>>>(input, output, N, k);
    cudaDeviceSynchronize();
}
