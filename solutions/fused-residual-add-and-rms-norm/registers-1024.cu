// The row read from memory once: a 1024-thread block per row keeps z = x + residual in
// registers, VEC float4s per thread (one at the performance size, C = 4096), sums its squares
// and writes the outputs from the registers. No second walk; but a block is a whole row, two of
// them fill an SM, and while a block waits at its __syncthreads() for the row's sum none of its
// 32 warps has a load in flight. Rows whose C is not a multiple of 4, or wider than 16,384, take
// a float4 or scalar kernel that reads them twice.
#include <cuda_runtime.h>

#define THREADS 1024
#define WARPS (THREADS / 32)
#define FALLBACK_THREADS 256

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

// The sum of v over a block of `warps` warps; every thread gets the same value. One call per block.
__device__ __forceinline__ float block_sum(float v, float* partial, int warps) {
    v = warp_sum(v);
    if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = v;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < warps; ++w) total += partial[w];
    return total;
}

__device__ __forceinline__ float4 add4(float4 a, float4 b) {
    return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}

__device__ __forceinline__ float squares4(float4 z) { return (z.x * z.x + z.y * z.y) + (z.z * z.z + z.w * z.w); }

__device__ __forceinline__ float4 scale4(float4 z, float s, float4 w) {
    return make_float4(z.x * s * w.x, z.y * s * w.y, z.z * s * w.z, z.w * s * w.w);
}

// C a multiple of 4 and at most 4 * THREADS * VEC.
template <int VEC>
__global__ void __launch_bounds__(THREADS) residual_rms_registers(const float* x, const float* residual,
                                                                   const float* weight, float* out, int C,
                                                                   float eps) {
    __shared__ float partial[WARPS];
    const size_t base = (size_t)blockIdx.x * C;
    const float4* x4 = reinterpret_cast<const float4*>(x + base);
    const float4* r4 = reinterpret_cast<const float4*>(residual + base);
    const int c4 = C / 4;
    float4 z[VEC];
    float q = 0.0f;
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        const int i = threadIdx.x + k * THREADS;
        z[k] = i < c4 ? add4(x4[i], r4[i]) : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        q += squares4(z[k]);
    }
    const float inv_rms = rsqrtf(block_sum(q, partial, WARPS) / C + eps);
    const float4* w4 = reinterpret_cast<const float4*>(weight);
    float4* y4 = reinterpret_cast<float4*>(out + base);
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        const int i = threadIdx.x + k * THREADS;
        if (i < c4) y4[i] = scale4(z[k], inv_rms, w4[i]);
    }
}

// Any C: two walks along the row, float4s where C is a multiple of 4.
__global__ void residual_rms_reread(const float* x, const float* residual, const float* weight, float* out, int C,
                                    float eps) {
    __shared__ float partial[FALLBACK_THREADS / 32];
    const size_t base = (size_t)blockIdx.x * C;
    float q = 0.0f;
    if (C % 4 == 0) {
        const float4* x4 = reinterpret_cast<const float4*>(x + base);
        const float4* r4 = reinterpret_cast<const float4*>(residual + base);
        const float4* w4 = reinterpret_cast<const float4*>(weight);
        float4* y4 = reinterpret_cast<float4*>(out + base);
        const int c4 = C / 4;
        for (int i = threadIdx.x; i < c4; i += FALLBACK_THREADS) q += squares4(add4(x4[i], r4[i]));
        const float inv_rms = rsqrtf(block_sum(q, partial, FALLBACK_THREADS / 32) / C + eps);
        for (int i = threadIdx.x; i < c4; i += FALLBACK_THREADS) y4[i] = scale4(add4(x4[i], r4[i]), inv_rms, w4[i]);
    } else {
        const float* xr = x + base;
        const float* rr = residual + base;
        float* y = out + base;
        for (int c = threadIdx.x; c < C; c += FALLBACK_THREADS) {
            const float z = xr[c] + rr[c];
            q += z * z;
        }
        const float inv_rms = rsqrtf(block_sum(q, partial, FALLBACK_THREADS / 32) / C + eps);
        for (int c = threadIdx.x; c < C; c += FALLBACK_THREADS) y[c] = (xr[c] + rr[c]) * inv_rms * weight[c];
    }
}

extern "C" void solve(const float* x, const float* residual, const float* weight, float* out, int N, int C,
                      float eps) {
    if (C % 4 != 0 || C > 16 * THREADS)
        residual_rms_reread<<<N, FALLBACK_THREADS>>>(x, residual, weight, out, C, eps);
    else if (C <= 4 * THREADS)
        residual_rms_registers<1><<<N, THREADS>>>(x, residual, weight, out, C, eps);
    else if (C <= 8 * THREADS)
        residual_rms_registers<2><<<N, THREADS>>>(x, residual, weight, out, C, eps);
    else
        residual_rms_registers<4><<<N, THREADS>>>(x, residual, weight, out, C, eps);
    cudaDeviceSynchronize();
}
