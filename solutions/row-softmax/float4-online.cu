// block-online with 16-byte accesses: when N is a multiple of 4 every row starts 16-byte
// aligned, so both passes load float4s and the outputs are stored as float4s (other widths take
// the scalar loops). A quarter of the load and store instructions for the same bytes.
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

__device__ __forceinline__ void add_float4(float& m, float& s, float4 v) {
    const float m4 = fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w));
    if (m4 > m) {
        s *= expf(m - m4);
        m = m4;
    }
    s += (expf(v.x - m) + expf(v.y - m)) + (expf(v.z - m) + expf(v.w - m));
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
    if (N % 4 == 0) {
        const float4* x4 = reinterpret_cast<const float4*>(x);
        float4* y4 = reinterpret_cast<float4*>(y);
        for (int j = threadIdx.x; j < N / 4; j += THREADS) add_float4(m, s, x4[j]);
        block_merge(m, s);
        const float inv_sum = 1.0f / s;
        for (int j = threadIdx.x; j < N / 4; j += THREADS) {
            const float4 v = x4[j];
            y4[j] = make_float4(expf(v.x - m) * inv_sum, expf(v.y - m) * inv_sum, expf(v.z - m) * inv_sum,
                                expf(v.w - m) * inv_sum);
        }
    } else {
        for (int j = threadIdx.x; j < N; j += THREADS) add_value(m, s, x[j]);
        block_merge(m, s);
        const float inv_sum = 1.0f / s;
        for (int j = threadIdx.x; j < N; j += THREADS) y[j] = expf(x[j] - m) * inv_sum;
    }
}

extern "C" void solve(const float* input, float* output, int M, int N) {
    row_softmax<<<M, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
