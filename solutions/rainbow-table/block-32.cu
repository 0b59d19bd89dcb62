// Tiny blocks: the one-element-per-thread kernel of naive.cu launched with 32-thread blocks.
//
// An SM holds at most 32 resident blocks, so one-warp blocks cap it at 32 warps instead of 64:
// fewer warps to hide the initial load and the multiply latencies of the rounds, and N / 32
// blocks (156,250 at the performance size) for the block scheduler to start.
#include <cuda_runtime.h>

__device__ __forceinline__ unsigned int fnv1a_word(unsigned int word) {
    unsigned int h = 2166136261u;
    for (int k = 0; k < 4; ++k) {
        h ^= (word >> (8 * k)) & 0xFFu;
        h *= 16777619u;
    }
    return h;
}

__global__ void rainbow_kernel(const int* input, unsigned int* output, int N, int R) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        unsigned int h = static_cast<unsigned int>(input[i]);
        for (int r = 0; r < R; ++r) h = fnv1a_word(h);
        output[i] = h;
    }
}

extern "C" void solve(const int* input, unsigned int* output, int N, int R) {
    const int threads = 32;
    const int blocks = (N + threads - 1) / threads;
    rainbow_kernel<<<blocks, threads>>>(input, output, N, R);
    cudaDeviceSynchronize();
}
