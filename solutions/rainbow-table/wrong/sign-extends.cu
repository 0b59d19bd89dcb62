// WRONG (WA): keeps the hash in a signed int from round to round, and skips the mask on the top
// byte ("h >> 24 is already a byte").
//
// The inputs are non-negative, so round 1 is right. But about half of all hashes have their top
// bit set, and for such a value in a signed int the arithmetic shift copies the sign bit:
// h >> 24 is 0xFFFFFFxx, and the XOR flips the upper 24 bits of the next hash as well. Wrong as
// soon as R >= 2 and an intermediate hash is "negative": example 2 (R = 3).
#include <cuda_runtime.h>

__device__ int fnv1a_round(int x) {
    unsigned int h = 2166136261u;
    h ^= x & 0xFF;
    h *= 16777619u;
    h ^= (x >> 8) & 0xFF;
    h *= 16777619u;
    h ^= (x >> 16) & 0xFF;
    h *= 16777619u;
    h ^= x >> 24;  // Bug: sign-extends when x < 0; needs & 0xFF (or an unsigned x).
    h *= 16777619u;
    return (int)h;
}

__global__ void rainbow_kernel(const int* input, unsigned int* output, int N, int R) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        int h = input[i];
        for (int r = 0; r < R; ++r) h = fnv1a_round(h);
        output[i] = (unsigned int)h;
    }
}

extern "C" void solve(const int* input, unsigned int* output, int N, int R) {
    const int threads = 256;
    const int blocks = (N + threads - 1) / threads;
    rainbow_kernel<<<blocks, threads>>>(input, output, N, R);
    cudaDeviceSynchronize();
}
