// WRONG (WA): runs R - 1 rounds instead of R (an off-by-one in the round loop).
//
// With R = 1 no hashing happens at all and the output is just the input, so example 1 already
// fails with element 0: got 0, expected 1268118805.
#include <cuda_runtime.h>

__device__ unsigned int fnv1a_word(unsigned int word) {
    unsigned int h = 2166136261u;
    for (int k = 0; k < 4; ++k) {
        h ^= (word >> (8 * k)) & 0xFFu;
        h *= 16777619u;
    }
    return h;
}

__global__ void rainbow_kernel(const int* input, unsigned int* output, int N, int R) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        unsigned int h = static_cast<unsigned int>(input[i]);
        for (int r = 1; r < R; ++r) h = fnv1a_word(h);  // Bug: should start at r = 0.
        output[i] = h;
    }
}

extern "C" void solve(const int* input, unsigned int* output, int N, int R) {
    const int threads = 256;
    const int blocks = (N + threads - 1) / threads;
    rainbow_kernel<<<blocks, threads>>>(input, output, N, R);
    cudaDeviceSynchronize();
}
