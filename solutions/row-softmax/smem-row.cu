// One block of 256 threads per row, and the row staged in shared memory: it is read from
// global memory once (float4 loads when N is a multiple of 4), the maximum, the exponentials
// and their sum come from shared memory, and the outputs are written from there. Rows longer
// than 12,000 floats (the 48 KB a launch gets without opting in) take two global passes with an
// online maximum and sum instead.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define MAX_SMEM_N 12000  // dynamic shared memory stays below 48 KB minus the static part

__device__ __forceinline__ void merge(float& m, float& s, float m2, float s2) {
    const float m_new = fmaxf(m, m2);
    if (m_new == -INFINITY) return;  // both empty: avoid exp(-inf - -inf) = NaN
    s = s * expf(m - m_new) + s2 * expf(m2 - m_new);
    m = m_new;
}

__device__ float block_max(float v) {
    __shared__ float warp_v[WARPS];
    for (int offset = 16; offset > 0; offset /= 2) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
    if (threadIdx.x % 32 == 0) warp_v[threadIdx.x / 32] = v;
    __syncthreads();
    v = warp_v[0];
    for (int w = 1; w < WARPS; ++w) v = fmaxf(v, warp_v[w]);
    return v;
}

__device__ float block_sum(float v) {
    __shared__ float warp_v[WARPS];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    if (threadIdx.x % 32 == 0) warp_v[threadIdx.x / 32] = v;
    __syncthreads();
    v = 0.0f;
    for (int w = 0; w < WARPS; ++w) v += warp_v[w];
    return v;
}

__global__ void row_softmax_smem(const float* input, float* output, int N) {
    extern __shared__ float4 row4[];  // N floats, 16-byte aligned
    float* row = reinterpret_cast<float*>(row4);
    const float* x = input + (size_t)blockIdx.x * N;
    float* y = output + (size_t)blockIdx.x * N;
    const bool vec = (N % 4 == 0);

    if (vec) {
        for (int j = threadIdx.x; j < N / 4; j += THREADS) row4[j] = reinterpret_cast<const float4*>(x)[j];
    } else {
        for (int j = threadIdx.x; j < N; j += THREADS) row[j] = x[j];
    }
    __syncthreads();

    float m = -INFINITY;
    for (int j = threadIdx.x; j < N; j += THREADS) m = fmaxf(m, row[j]);
    m = block_max(m);

    // Each thread keeps exp(x - m) in the slots it reads, so no barrier is needed before the
    // outputs: the same thread reads them back.
    float s = 0.0f;
    for (int j = threadIdx.x; j < N; j += THREADS) {
        const float e = expf(row[j] - m);
        row[j] = e;
        s += e;
    }
    const float inv_sum = 1.0f / block_sum(s);

    for (int j = threadIdx.x; j < N; j += THREADS) y[j] = row[j] * inv_sum;
}

// Rows too long for shared memory: online maximum and sum, then a second pass.
__global__ void row_softmax_long(const float* input, float* output, int N) {
    __shared__ float warp_m[WARPS], warp_s[WARPS];
    const float* x = input + (size_t)blockIdx.x * N;
    float* y = output + (size_t)blockIdx.x * N;
    float m = -INFINITY, s = 0.0f;
    for (int j = threadIdx.x; j < N; j += THREADS) {
        const float v = x[j];
        if (v > m) {
            s = s * expf(m - v) + 1.0f;
            m = v;
        } else {
            s += expf(v - m);
        }
    }
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
    const float inv_sum = 1.0f / s;
    for (int j = threadIdx.x; j < N; j += THREADS) y[j] = expf(x[j] - m) * inv_sum;
}

extern "C" void solve(const float* input, float* output, int M, int N) {
    if (N <= MAX_SMEM_N) {
        row_softmax_smem<<<M, THREADS, N * sizeof(float)>>>(input, output, N);
    } else {
        row_softmax_long<<<M, THREADS>>>(input, output, N);
    }
    cudaDeviceSynchronize();
}
