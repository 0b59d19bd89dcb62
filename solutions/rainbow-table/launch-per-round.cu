// One launch per round: the host loops over the R rounds and launches a one-round kernel each
// time; round 1 reads input, later rounds rehash output in place.
//
// It mirrors the definition ("each round hashes the result of the round before"), but every
// round reads and writes the whole array again (8 bytes per element per round instead of 8 in
// all) and pays for a launch. At N = 5,000,000 output fits in L2, which softens the rounds after
// the first. Each thread only touches its own element, so the in-place rounds are race-free.
#include <cuda_runtime.h>

__device__ __forceinline__ unsigned int fnv1a_word(unsigned int word) {
    unsigned int h = 2166136261u;
    for (int k = 0; k < 4; ++k) {
        h ^= (word >> (8 * k)) & 0xFFu;
        h *= 16777619u;
    }
    return h;
}

__global__ void rainbow_round(const unsigned int* from, unsigned int* to, int N) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) to[i] = fnv1a_word(from[i]);
}

extern "C" void solve(const int* input, unsigned int* output, int N, int R) {
    const int threads = 256;
    const int blocks = (N + threads - 1) / threads;
    rainbow_round<<<blocks, threads>>>(reinterpret_cast<const unsigned int*>(input), output, N);
    for (int r = 1; r < R; ++r) rainbow_round<<<blocks, threads>>>(output, output, N);
    cudaDeviceSynchronize();
}
