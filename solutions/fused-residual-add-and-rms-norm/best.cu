// Best: the row read from memory once and held in registers, as in registers-1024, but with a
// 256-thread block per row (VEC = 4 float4s of z per thread at C = 4096): several blocks share
// an SM, so while one waits at its barrier for the row's sum the others' loads keep memory busy,
// and each thread has its row's eight 16-byte loads in flight together before it adds anything.
// x and residual are read with streaming loads and out written with streaming stores (each is
// touched once, so it should not push the weight vector out of L2), and the weight's float4s
// are loaded before the barrier, so their latency hides behind the reduction. Rows of at most
// 1,024 values are done a warp per row (no barrier at all); C not a multiple of 4, or wider than
// 16,384, falls back to two walks along the row.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

// The sum of v over the block; every thread gets the same value. One call per block.
__device__ __forceinline__ float block_sum(float v, float* partial) {
    v = warp_sum(v);
    if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = v;
    __syncthreads();
    float total = 0.0f;
#pragma unroll
    for (int w = 0; w < WARPS; ++w) total += partial[w];
    return total;
}

__device__ __forceinline__ float4 add4(float4 a, float4 b) {
    return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}

__device__ __forceinline__ float squares4(float4 z) { return (z.x * z.x + z.y * z.y) + (z.z * z.z + z.w * z.w); }

__device__ __forceinline__ float4 scale4(float4 z, float s, float4 w) {
    return make_float4(z.x * s * w.x, z.y * s * w.y, z.z * s * w.z, z.w * s * w.w);
}

// One row per block, VEC float4s per thread: C a multiple of 4 and at most 4 * THREADS * VEC.
template <int VEC>
__global__ void __launch_bounds__(THREADS) residual_rms_block(const float* x, const float* residual,
                                                              const float* weight, float* out, int C, float eps) {
    __shared__ float partial[WARPS];
    const size_t base = (size_t)blockIdx.x * C;
    const float4* x4 = reinterpret_cast<const float4*>(x + base);
    const float4* r4 = reinterpret_cast<const float4*>(residual + base);
    const float4* w4 = reinterpret_cast<const float4*>(weight);
    const int c4 = C / 4;
    const float4 zero = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    float4 a[VEC], b[VEC];
#pragma unroll
    for (int k = 0; k < VEC; ++k) {  // every load issued before any is used
        const int i = threadIdx.x + k * THREADS;
        a[k] = i < c4 ? __ldcs(x4 + i) : zero;
        b[k] = i < c4 ? __ldcs(r4 + i) : zero;
    }
    float q = 0.0f;
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        a[k] = add4(a[k], b[k]);
        q += squares4(a[k]);
    }
#pragma unroll
    for (int k = 0; k < VEC; ++k) {  // the weights arrive while the block sums
        const int i = threadIdx.x + k * THREADS;
        b[k] = i < c4 ? __ldg(w4 + i) : zero;
    }
    const float inv_rms = rsqrtf(block_sum(q, partial) / C + eps);
    float4* y4 = reinterpret_cast<float4*>(out + base);
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        const int i = threadIdx.x + k * THREADS;
        if (i < c4) __stcs(y4 + i, scale4(a[k], inv_rms, b[k]));
    }
}

// One row per warp, VEC float4s per lane: C a multiple of 4 and at most 128 * VEC.
template <int VEC>
__global__ void __launch_bounds__(THREADS) residual_rms_warp(const float* x, const float* residual,
                                                             const float* weight, float* out, int N, int C,
                                                             float eps) {
    const int row = blockIdx.x * WARPS + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= N) return;  // the same for the whole warp
    const size_t base = (size_t)row * C;
    const float4* x4 = reinterpret_cast<const float4*>(x + base);
    const float4* r4 = reinterpret_cast<const float4*>(residual + base);
    const float4* w4 = reinterpret_cast<const float4*>(weight);
    const int c4 = C / 4;
    const float4 zero = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    float4 a[VEC], b[VEC];
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        const int i = lane + 32 * k;
        a[k] = i < c4 ? __ldcs(x4 + i) : zero;
        b[k] = i < c4 ? __ldcs(r4 + i) : zero;
    }
    float q = 0.0f;
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        a[k] = add4(a[k], b[k]);
        q += squares4(a[k]);
    }
    const float inv_rms = rsqrtf(warp_sum(q) / C + eps);
    float4* y4 = reinterpret_cast<float4*>(out + base);
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        const int i = lane + 32 * k;
        if (i < c4) __stcs(y4 + i, scale4(a[k], inv_rms, __ldg(w4 + i)));
    }
}

// Any C: two walks along the row, float4s where C is a multiple of 4.
__global__ void __launch_bounds__(THREADS) residual_rms_reread(const float* x, const float* residual,
                                                               const float* weight, float* out, int C,
                                                               float eps) {
    __shared__ float partial[WARPS];
    const size_t base = (size_t)blockIdx.x * C;
    float q = 0.0f;
    if (C % 4 == 0) {
        const float4* x4 = reinterpret_cast<const float4*>(x + base);
        const float4* r4 = reinterpret_cast<const float4*>(residual + base);
        const float4* w4 = reinterpret_cast<const float4*>(weight);
        float4* y4 = reinterpret_cast<float4*>(out + base);
        const int c4 = C / 4;
        for (int i = threadIdx.x; i < c4; i += THREADS) q += squares4(add4(x4[i], r4[i]));
        const float inv_rms = rsqrtf(block_sum(q, partial) / C + eps);
        for (int i = threadIdx.x; i < c4; i += THREADS)
            __stcs(y4 + i, scale4(add4(__ldcs(x4 + i), __ldcs(r4 + i)), inv_rms, __ldg(w4 + i)));
    } else {
        const float* xr = x + base;
        const float* rr = residual + base;
        float* y = out + base;
        for (int c = threadIdx.x; c < C; c += THREADS) {
            const float z = xr[c] + rr[c];
            q += z * z;
        }
        const float inv_rms = rsqrtf(block_sum(q, partial) / C + eps);
        for (int c = threadIdx.x; c < C; c += THREADS) y[c] = (xr[c] + rr[c]) * inv_rms * weight[c];
    }
}

extern "C" void solve(const float* x, const float* residual, const float* weight, float* out, int N, int C,
                      float eps) {
    const int warp_blocks = (N + WARPS - 1) / WARPS;
    if (C % 4 != 0 || C > 16 * 4 * THREADS)
        residual_rms_reread<<<N, THREADS>>>(x, residual, weight, out, C, eps);
    else if (C <= 128)
        residual_rms_warp<1><<<warp_blocks, THREADS>>>(x, residual, weight, out, N, C, eps);
    else if (C <= 256)
        residual_rms_warp<2><<<warp_blocks, THREADS>>>(x, residual, weight, out, N, C, eps);
    else if (C <= 512)
        residual_rms_warp<4><<<warp_blocks, THREADS>>>(x, residual, weight, out, N, C, eps);
    else if (C <= 1024)
        residual_rms_warp<8><<<warp_blocks, THREADS>>>(x, residual, weight, out, N, C, eps);
    else if (C <= 2 * 4 * THREADS)
        residual_rms_block<2><<<N, THREADS>>>(x, residual, weight, out, C, eps);
    else if (C <= 4 * 4 * THREADS)
        residual_rms_block<4><<<N, THREADS>>>(x, residual, weight, out, C, eps);
    else if (C <= 8 * 4 * THREADS)
        residual_rms_block<8><<<N, THREADS>>>(x, residual, weight, out, C, eps);
    else
        residual_rms_block<16><<<N, THREADS>>>(x, residual, weight, out, C, eps);
    cudaDeviceSynchronize();
}
