#include <cuda_runtime.h>

// One way to start: first S = phi(K)^T V and z = the column sums of phi(K) (a d x d matrix and a
// vector of d, which solve can cudaMalloc), then one thread per output element:
// output[i][c] = (sum_a phi(Q[i][a]) S[a][c]) / (sum_a phi(Q[i][a]) z[a]).
__device__ float phi(float x) { return x > 0.0f ? x + 1.0f : expf(x); }

__global__ void output_kernel(const float* Q, const float* S, const float* z, float* output, int M, int d) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < M * d) {
        float num = 0.0f, den = 1.0f;
        // Your turn: num and den for row idx / d, column idx % d
        output[idx] = num / den;
    }
}

// Q, K, V and output are device pointers. output holds garbage on entry.
extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d) {
    float* S = nullptr;  // S (d x d) followed by z (d)
    cudaMalloc(&S, sizeof(float) * (d * d + d));
    // Your turn: a kernel that fills S and z from K and V
    int threadsPerBlock = 256;
    int blocksPerGrid = (M * d + threadsPerBlock - 1) / threadsPerBlock;
    output_kernel<<<blocksPerGrid, threadsPerBlock>>>(Q, S, S + d * d, output, M, d);
    cudaFree(S);
}
