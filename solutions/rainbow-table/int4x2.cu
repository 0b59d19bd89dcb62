// Two int4s per thread: eight elements, eight interleaved hash chains, both 16-byte loads issued
// before any hashing; the last N % 4 elements by the first threads of block 0.
//
// Twice the independent multiplies per thread of vectorized.cu, so the integer pipes stay busy
// with fewer warps, and half as many threads and blocks. best.cu keeps this layout and also trims
// the instruction count of each round (byte extraction with PRMT, rounds unrolled by two).
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kPerThread = 2;  // int4s per thread

__device__ __forceinline__ unsigned int fnv1a_word(unsigned int word) {
    unsigned int h = 2166136261u;
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        h ^= (word >> (8 * k)) & 0xFFu;
        h *= 16777619u;
    }
    return h;
}

__global__ void rainbow_int4x2(const int* input, unsigned int* output, int N, int R) {
    const int4* in4 = reinterpret_cast<const int4*>(input);
    uint4* out4 = reinterpret_cast<uint4*>(output);
    const int n4 = N / 4;
    const int first = blockIdx.x * (kThreads * kPerThread) + threadIdx.x;

    unsigned int h[kPerThread * 4];
#pragma unroll
    for (int k = 0; k < kPerThread; ++k) {
        const int i = first + k * kThreads;
        int4 v = make_int4(0, 0, 0, 0);
        if (i < n4) v = in4[i];
        h[4 * k + 0] = static_cast<unsigned int>(v.x);
        h[4 * k + 1] = static_cast<unsigned int>(v.y);
        h[4 * k + 2] = static_cast<unsigned int>(v.z);
        h[4 * k + 3] = static_cast<unsigned int>(v.w);
    }
    for (int r = 0; r < R; ++r) {
#pragma unroll
        for (int e = 0; e < kPerThread * 4; ++e) h[e] = fnv1a_word(h[e]);
    }
#pragma unroll
    for (int k = 0; k < kPerThread; ++k) {
        const int i = first + k * kThreads;
        if (i < n4) out4[i] = make_uint4(h[4 * k + 0], h[4 * k + 1], h[4 * k + 2], h[4 * k + 3]);
    }

    if (blockIdx.x == 0 && threadIdx.x < N - n4 * 4) {
        const int j = n4 * 4 + threadIdx.x;
        unsigned int t = static_cast<unsigned int>(input[j]);
        for (int r = 0; r < R; ++r) t = fnv1a_word(t);
        output[j] = t;
    }
}

extern "C" void solve(const int* input, unsigned int* output, int N, int R) {
    const int n4 = N / 4;
    const int per_block = kThreads * kPerThread;
    int blocks = (n4 + per_block - 1) / per_block;
    if (blocks < 1) blocks = 1;  // N < 4: block 0 still hashes the tail
    rainbow_int4x2<<<blocks, kThreads>>>(input, output, N, R);
    cudaDeviceSynchronize();
}
