// WRONG (WA, "never written"): an int4 kernel that forgets the scalar tail.
//
// Each thread hashes one int4, and there are N / 4 of them, so when N is not a multiple of 4 the
// last N % 4 outputs keep the garbage they started with. Example 1 (N = 4) passes; example 2
// (N = 3, no whole int4 at all) leaves every output untouched.
#include <cuda_runtime.h>

__device__ unsigned int fnv1a_word(unsigned int word) {
    unsigned int h = 2166136261u;
    for (int k = 0; k < 4; ++k) {
        h ^= (word >> (8 * k)) & 0xFFu;
        h *= 16777619u;
    }
    return h;
}

__global__ void rainbow_vec4(const int4* input, uint4* output, int n4, int R) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        const int4 v = input[i];
        uint4 h = make_uint4(v.x, v.y, v.z, v.w);
        for (int r = 0; r < R; ++r) {
            h.x = fnv1a_word(h.x);
            h.y = fnv1a_word(h.y);
            h.z = fnv1a_word(h.z);
            h.w = fnv1a_word(h.w);
        }
        output[i] = h;
    }
}

extern "C" void solve(const int* input, unsigned int* output, int N, int R) {
    const int threads = 256;
    const int blocks = (N + 4 * threads - 1) / (4 * threads);  // 4 elements per thread
    rainbow_vec4<<<blocks, threads>>>(reinterpret_cast<const int4*>(input),
                                      reinterpret_cast<uint4*>(output), N / 4, R);
    cudaDeviceSynchronize();
}
