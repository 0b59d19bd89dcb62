// One block of 256 threads per row, two passes: each thread keeps a running maximum and a
// rescaled running sum (the online softmax), the 256 pairs are merged with warp shuffles and
// one shared slot per warp, then the outputs are written. One read of the row fewer than
// block-per-row, and no shared-memory trees.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define WARPS (THREADS / 32)

// Merge (m2, s2) into (m, s); an empty pair is (-inf, 0).
__device__ __forceinline__ void merge(float& m, float& s, float m2, float s2) {
    const float m_new = fmaxf(m, m2);
    if (m_new == -INFINITY) return;  // both empty: avoid exp(-inf - -inf) = NaN
    s = s * expf(m - m_new) + s2 * expf(m2 - m_new);
    m = m_new;
}

__device__ __forceinline__ void add_value(float& m, float& s, float v) {
    if (v > m) {
        s = s * expf(m - v) + 1.0f;
        m = v;
    } else {
        s += expf(v - m);
    }
}

// Block-wide merge; every thread gets the row's (m, s).
__device__ void block_merge(float& m, float& s) {
    __shared__ float warp_m[WARPS], warp_s[WARPS];
    for (int offset = 16; offset > 0; offset /= 2)
        merge(m, s, __shfl_xor_sync(0xffffffffu, m, offset), __shfl_xor_sync(0xffffffffu, s, offset));
    if (threadIdx.x % 32 == 0) {
        warp_m[threadIdx.x / 32] = m;
        warp_s[threadIdx.x / 32] = s;
    }
    __syncthreads();
    m = warp_m[0];
    s = warp_s[0];
    for (int w = 1; w < WARPS; ++w) merge(m, s, warp_m[w], warp_s[w]);
}

__global__ void row_softmax(const float* input, float* output, int N) {
    const float* x = input + (size_t)blockIdx.x * N;
    float* y = output + (size_t)blockIdx.x * N;
    float m = -INFINITY, s = 0.0f;
    for (int j = threadIdx.x; j < N; j += THREADS) add_value(m, s, x[j]);
    block_merge(m, s);
    const float inv_sum = 1.0f / s;
    for (int j = threadIdx.x; j < N; j += THREADS) y[j] = expf(x[j] - m) * inv_sum;
}

extern "C" void solve(const float* input, float* output, int M, int N) {
    row_softmax<<<M, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
