// Best: chunks of 4096 values held in registers (16 per thread, as float4s when H * W is a
// multiple of 4). Each chunk's block finds the chunk's mean and squared deviations from it in
// registers (two exact float passes, no atomics), a small kernel combines a run's chunks in
// double (the parallel formula), and the output kernel takes the chunks last first: the
// statistics kernel read them first to last, so the most recent ones are still in L2 and are
// read from there instead of memory. Streaming stores keep the outputs from evicting them.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define PER_THREAD 16
#define CHUNK (THREADS * PER_THREAD)
#define MAX_RUNS (1024 * 1024)
#define MAX_CHUNKS (MAX_RUNS + 33554432 / CHUNK)
#define FINISH_THREADS 128

__device__ float2 chunk_stats[MAX_CHUNKS];  // (mean, sum of squared deviations from it)
__device__ float2 run_stats[MAX_RUNS];      // (mean, 1 / std)

// The sum of v over the block; every thread gets it.
__device__ float block_sum(float v, float* warp_sums) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = v;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < WARPS; ++w) total += warp_sums[w];
    __syncthreads();  // everyone has read warp_sums before it is written again
    return total;
}

// Element (k, u) of a thread: chunk offset (k * THREADS + threadIdx.x) * VEC + u.
template <int VEC>
__global__ void __launch_bounds__(THREADS) chunk_moments(const float* X, int length, int chunks_per_run) {
    __shared__ float warp_sums[WARPS];
    const int run = blockIdx.x / chunks_per_run;
    const int start = (blockIdx.x % chunks_per_run) * CHUNK;
    const int count = min(CHUNK, length - start);
    const float* x = X + (size_t)run * length + start;
    float v[PER_THREAD];
#pragma unroll
    for (int k = 0; k < PER_THREAD / VEC; ++k) {
        const int j = (k * THREADS + threadIdx.x) * VEC;
        if (VEC == 4) {
            // count is a multiple of 4 here, so a float4 is either wholly inside or wholly out
            const float4 f = j < count ? *reinterpret_cast<const float4*>(x + j) : make_float4(0.f, 0.f, 0.f, 0.f);
            v[4 * k] = f.x;
            v[4 * k + 1] = f.y;
            v[4 * k + 2] = f.z;
            v[4 * k + 3] = f.w;
        } else {
            v[k] = j < count ? x[j] : 0.0f;
        }
    }
    float s = 0.0f;
#pragma unroll
    for (int e = 0; e < PER_THREAD; ++e) s += v[e];
    const float mean = block_sum(s, warp_sums) / count;
    float q = 0.0f;
#pragma unroll
    for (int e = 0; e < PER_THREAD; ++e) {
        const int j = ((e / VEC) * THREADS + threadIdx.x) * VEC + e % VEC;
        const float d = v[e] - mean;
        if (j < count) q += d * d;
    }
    const float m2 = block_sum(q, warp_sums);
    if (threadIdx.x == 0) chunk_stats[blockIdx.x] = make_float2(mean, m2);
}

// One block per run: mean = sum of count_b * mean_b / length, then the squared deviations
// sum_b (m2_b + count_b * (mean_b - mean)^2), both in double.
__global__ void finish_runs(int length, int chunks_per_run, float eps) {
    __shared__ double warp_sums[FINISH_THREADS / 32];
    const float2* cs = chunk_stats + (size_t)blockIdx.x * chunks_per_run;
    double s = 0.0;
    for (int b = threadIdx.x; b < chunks_per_run; b += FINISH_THREADS)
        s += (double)min(CHUNK, length - b * CHUNK) * cs[b].x;
    for (int offset = 16; offset > 0; offset /= 2) s += __shfl_xor_sync(0xffffffffu, s, offset);
    if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = s;
    __syncthreads();
    double total = 0.0;
    for (int w = 0; w < FINISH_THREADS / 32; ++w) total += warp_sums[w];
    __syncthreads();
    const double mean = total / length;
    double m2 = 0.0;
    for (int b = threadIdx.x; b < chunks_per_run; b += FINISH_THREADS) {
        const double d = cs[b].x - mean;
        m2 += cs[b].y + (double)min(CHUNK, length - b * CHUNK) * d * d;
    }
    for (int offset = 16; offset > 0; offset /= 2) m2 += __shfl_xor_sync(0xffffffffu, m2, offset);
    if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = m2;
    __syncthreads();
    if (threadIdx.x == 0) {
        double sq = 0.0;
        for (int w = 0; w < FINISH_THREADS / 32; ++w) sq += warp_sums[w];
        run_stats[blockIdx.x] = make_float2((float)mean, (float)(1.0 / sqrt(sq / length + eps)));
    }
}

// Block b writes chunk gridDim.x - 1 - b: the chunks the statistics kernel read last come first.
template <int VEC>
__global__ void __launch_bounds__(THREADS) normalize(const float* X, const float* gamma, const float* beta, float* Y,
                                                     int length, int chunks_per_run, int hw, int G,
                                                     int channels_per_group) {
    const int chunk = gridDim.x - 1 - blockIdx.x;
    const int run = chunk / chunks_per_run;
    const int start = (chunk % chunks_per_run) * CHUNK;
    const int count = min(CHUNK, length - start);
    const size_t base = (size_t)run * length + start;
    const float2 st = run_stats[run];
    const int first_channel = (run % G) * channels_per_group;
#pragma unroll
    for (int k = 0; k < PER_THREAD / VEC; ++k) {
        const int j = (k * THREADS + threadIdx.x) * VEC;
        if (j < count) {
            const int c = first_channel + (start + j) / hw;  // VEC = 4: hw % 4 == 0, one channel for all four
            const float scale = st.y * gamma[c], shift = beta[c];
            if (VEC == 4) {
                const float4 f = *reinterpret_cast<const float4*>(X + base + j);
                __stcs(reinterpret_cast<float4*>(Y + base + j),
                       make_float4((f.x - st.x) * scale + shift, (f.y - st.x) * scale + shift,
                                   (f.z - st.x) * scale + shift, (f.w - st.x) * scale + shift));
            } else {
                __stcs(Y + base + j, (X[base + j] - st.x) * scale + shift);
            }
        }
    }
}

extern "C" void solve(const float* X, const float* gamma, const float* beta, float* Y, int N, int C, int H, int W,
                      int G, float eps) {
    const int runs = N * G;
    const int hw = H * W;
    const int channels_per_group = C / G;
    const int length = channels_per_group * hw;
    const int chunks_per_run = (length + CHUNK - 1) / CHUNK;
    const int chunks = runs * chunks_per_run;
    if (hw % 4 == 0) {
        chunk_moments<4><<<chunks, THREADS>>>(X, length, chunks_per_run);
        finish_runs<<<runs, FINISH_THREADS>>>(length, chunks_per_run, eps);
        normalize<4><<<chunks, THREADS>>>(X, gamma, beta, Y, length, chunks_per_run, hw, G, channels_per_group);
    } else {
        chunk_moments<1><<<chunks, THREADS>>>(X, length, chunks_per_run);
        finish_runs<<<runs, FINISH_THREADS>>>(length, chunks_per_run, eps);
        normalize<1><<<chunks, THREADS>>>(X, gamma, beta, Y, length, chunks_per_run, hw, G, channels_per_group);
    }
    cudaDeviceSynchronize();
}
