// Best: float4 passes with four independent 16-byte loads in flight per thread, and the
// normalize pass walking the vector backwards. The sum pass reads the vector front to back, so
// when it ends the last tens of megabytes are still in L2; starting from the end, the normalize
// pass finds them there instead of in DRAM. Streaming stores (__stcs) keep the outputs from
// pushing those lines out. Two launches, no atomics, no scratch to clear.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define UNROLL 4
#define MAX_BLOCKS 4096

__device__ float block_sums[MAX_BLOCKS];

__device__ __forceinline__ float squares(float4 v) { return (v.x * v.x + v.y * v.y) + (v.z * v.z + v.w * v.w); }

__global__ void sum_squares(const float* input, int N) {
    __shared__ float warp_sums[WARPS];
    const float4* in4 = reinterpret_cast<const float4*>(input);
    const int n4 = N / 4;
    const int gid = blockIdx.x * THREADS + threadIdx.x;
    const int stride = gridDim.x * THREADS;

    float s[UNROLL] = {0.0f, 0.0f, 0.0f, 0.0f};
    int i = gid;
    for (; i + (UNROLL - 1) * stride < n4; i += UNROLL * stride) {
        float4 v[UNROLL];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) v[u] = in4[i + u * stride];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) s[u] += squares(v[u]);
    }
    for (; i < n4; i += stride) s[0] += squares(in4[i]);
    if (4 * n4 + gid < N) s[1] += input[4 * n4 + gid] * input[4 * n4 + gid];

    float t = (s[0] + s[1]) + (s[2] + s[3]);
    for (int offset = 16; offset > 0; offset /= 2) t += __shfl_down_sync(0xffffffffu, t, offset);
    if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = t;
    __syncthreads();
    if (threadIdx.x == 0) {
        float total = 0.0f;
        for (int w = 0; w < WARPS; ++w) total += warp_sums[w];
        block_sums[blockIdx.x] = total;
    }
}

__device__ __forceinline__ float4 affine(float4 v, float scale, float beta) {
    return make_float4(v.x * scale + beta, v.y * scale + beta, v.z * scale + beta, v.w * scale + beta);
}

__global__ void normalize(const float* input, float gamma, float beta, float* output, int N, float eps) {
    // Every block adds all partials (gridDim.x of them) in double: a few per thread.
    __shared__ double warp_totals[WARPS];
    double d = 0.0;
    for (int j = threadIdx.x; j < gridDim.x; j += THREADS) d += block_sums[j];
    for (int offset = 16; offset > 0; offset /= 2) d += __shfl_down_sync(0xffffffffu, d, offset);
    if (threadIdx.x % 32 == 0) warp_totals[threadIdx.x / 32] = d;
    __syncthreads();
    double total = 0.0;
    for (int w = 0; w < WARPS; ++w) total += warp_totals[w];
    const float scale = gamma / sqrtf((float)(total / N) + eps);

    const float4* in4 = reinterpret_cast<const float4*>(input);
    float4* out4 = reinterpret_cast<float4*>(output);
    const int n4 = N / 4;
    const int gid = blockIdx.x * THREADS + threadIdx.x;
    const int stride = gridDim.x * THREADS;

    // The tail first (it is at the very end), then sweeps k = last .. 0 over [k * stride, (k + 1) * stride).
    if (4 * n4 + gid < N) output[4 * n4 + gid] = input[4 * n4 + gid] * scale + beta;
    int k = (n4 + stride - 1) / stride - 1;
    for (; k >= UNROLL - 1; k -= UNROLL) {
        float4 v[UNROLL];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) {
            const int i = (k - u) * stride + gid;
            if (i < n4) v[u] = in4[i];
        }
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) {
            const int i = (k - u) * stride + gid;
            if (i < n4) __stcs(&out4[i], affine(v[u], scale, beta));
        }
    }
    for (; k >= 0; --k) {
        const int i = k * stride + gid;
        if (i < n4) __stcs(&out4[i], affine(in4[i], scale, beta));
    }
}

extern "C" void solve(const float* input, float gamma, float beta, float* output, int N, float eps) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sms = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sms * (2048 / THREADS);
        if (max_blocks > MAX_BLOCKS) max_blocks = MAX_BLOCKS;
    }
    int blocks = (N / 4 + THREADS - 1) / THREADS;
    if (blocks < 1) blocks = 1;
    if (blocks > max_blocks) blocks = max_blocks;
    // Both kernels use the same grid, so gridDim.x is also the number of partials.
    sum_squares<<<blocks, THREADS>>>(input, N);
    normalize<<<blocks, THREADS>>>(input, gamma, beta, output, N, eps);
}
