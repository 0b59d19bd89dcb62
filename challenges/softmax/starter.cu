#include <cuda_runtime.h>

// One way to start: one thread per element. The thread needs the largest input value and the
// sum of exp(input[j] - max) over the whole array, which other kernels (or passes) have to
// compute first.
__global__ void softmax_kernel(const float* input, float* output, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        // Your turn: output[i] = exp(input[i] - max) / sum
    }
}

// input and output are device pointers. output holds garbage on entry.
extern "C" void solve(const float* input, float* output, int N) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
    softmax_kernel<<<blocksPerGrid, threadsPerBlock>>>(input, output, N);
    cudaDeviceSynchronize();
}
