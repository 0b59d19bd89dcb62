// Accepted here as on LeetGPU (not a ladder rung): takes the bytes of the first round from the
// signed int input and skips the mask on the top byte ("x >> 24 is already a byte").
//
// For a negative int that would sign-extend into the hash, but the statement keeps every input
// in [0, 2^31 - 1], where x >> 24 is a byte; later rounds hash an unsigned value and mask every
// byte. Kept to show that the tests stay inside the statement: an earlier version of the tests
// fed negative inputs and rejected this file.
#include <cuda_runtime.h>

__device__ unsigned int fnv1a_word(unsigned int word) {
    unsigned int h = 2166136261u;
    for (int k = 0; k < 4; ++k) {
        h ^= (word >> (8 * k)) & 0xFFu;
        h *= 16777619u;
    }
    return h;
}

__device__ unsigned int fnv1a_first_round(int x) {
    unsigned int h = 2166136261u;
    h ^= x & 0xFF;
    h *= 16777619u;
    h ^= (x >> 8) & 0xFF;
    h *= 16777619u;
    h ^= (x >> 16) & 0xFF;
    h *= 16777619u;
    h ^= x >> 24;  // a byte for the allowed inputs (0 <= x), which is all the statement permits
    h *= 16777619u;
    return h;
}

__global__ void rainbow_kernel(const int* input, unsigned int* output, int N, int R) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        unsigned int h = fnv1a_first_round(input[i]);
        for (int r = 1; r < R; ++r) h = fnv1a_word(h);
        output[i] = h;
    }
}

extern "C" void solve(const int* input, unsigned int* output, int N, int R) {
    const int threads = 256;
    const int blocks = (N + threads - 1) / threads;
    rainbow_kernel<<<blocks, threads>>>(input, output, N, R);
    cudaDeviceSynchronize();
}
