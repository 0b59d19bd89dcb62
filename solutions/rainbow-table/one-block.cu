// One block: a single block of 1024 threads hashes all N values with a block-stride loop.
//
// The hashing is right, but the whole array runs on one SM out of the GPU's 132 or so: at most
// 32 warps issue the R rounds of FNV-1a, and each trip starts with a load that waits out a DRAM
// latency. Every other rung spreads the elements over the GPU.
#include <cuda_runtime.h>

__device__ __forceinline__ unsigned int fnv1a_word(unsigned int word) {
    unsigned int h = 2166136261u;
    for (int k = 0; k < 4; ++k) {
        h ^= (word >> (8 * k)) & 0xFFu;
        h *= 16777619u;
    }
    return h;
}

__global__ void rainbow_one_block(const int* input, unsigned int* output, int N, int R) {
    for (int i = threadIdx.x; i < N; i += blockDim.x) {
        unsigned int h = static_cast<unsigned int>(input[i]);
        for (int r = 0; r < R; ++r) h = fnv1a_word(h);
        output[i] = h;
    }
}

extern "C" void solve(const int* input, unsigned int* output, int N, int R) {
    rainbow_one_block<<<1, 1024>>>(input, output, N, R);
    cudaDeviceSynchronize();
}
