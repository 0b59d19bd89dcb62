// WRONG (TLE): waits for a "table ready" flag that nothing ever sets.
//
// The author meant a first kernel to publish a lookup table and raise the flag; that kernel was
// never written. Thread 0 of every block spins on a volatile read of the flag, so the compiler
// must keep re-reading it and cannot delete the loop; the kernel never finishes and the judge
// stops it at the time limit (the first example already hangs).
#include <cuda_runtime.h>

__device__ int table_ready = 0;

__device__ unsigned int fnv1a_word(unsigned int word) {
    unsigned int h = 2166136261u;
    for (int k = 0; k < 4; ++k) {
        h ^= (word >> (8 * k)) & 0xFFu;
        h *= 16777619u;
    }
    return h;
}

__global__ void rainbow_kernel(const int* input, unsigned int* output, int N, int R) {
    if (threadIdx.x == 0) {
        const volatile int* ready = &table_ready;
        while (*ready == 0) {
            // Bug: nobody ever sets table_ready.
        }
    }
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        unsigned int h = static_cast<unsigned int>(input[i]);
        for (int r = 0; r < R; ++r) h = fnv1a_word(h);
        output[i] = h;
    }
}

extern "C" void solve(const int* input, unsigned int* output, int N, int R) {
    const int threads = 256;
    const int blocks = (N + threads - 1) / threads;
    rainbow_kernel<<<blocks, threads>>>(input, output, N, R);
    cudaDeviceSynchronize();
}
