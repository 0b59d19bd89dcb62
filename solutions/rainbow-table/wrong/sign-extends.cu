// WRONG (WA): takes the bytes of the first round from a signed int, and skips the mask on the
// top byte ("x >> 24 is already a byte").
//
// That holds for unsigned values, but for a negative int the arithmetic shift copies the sign
// bit, so x >> 24 is 0xFFFFFFxx and the XOR flips the upper 24 bits of the hash as well. The
// answer is right for every non-negative input (the performance inputs are all non-negative),
// and wrong as soon as an input is negative: example 3, element 0 (input -1).
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
    h ^= x >> 24;  // Bug: sign-extends when x < 0; needs & 0xFF (or an unsigned x).
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
