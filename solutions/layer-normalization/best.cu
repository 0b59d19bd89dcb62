// Best: rows in registers as in warp-registers, two rows per warp: a lane issues the float4
// loads of both rows before it adds anything, so twice the bytes are in flight per warp, and the
// two rows' shuffle reductions interleave, hiding each other's latency. Loads and stores are
// streaming (__ldcs, __stcs): the data is touched once, so it should not crowd L2. Other C fall
// back to three walks along each row.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__device__ __forceinline__ float sum4(float4 v) { return (v.x + v.y) + (v.z + v.w); }

__device__ __forceinline__ float squares4(float4 v, float mean) {
    const float a = v.x - mean, b = v.y - mean, c = v.z - mean, d = v.w - mean;
    return (a * a + b * b) + (c * c + d * d);
}

__device__ __forceinline__ float4 affine4(float4 v, float mean, float rstd, float4 w, float4 b) {
    return make_float4((v.x - mean) * rstd * w.x + b.x, (v.y - mean) * rstd * w.y + b.y,
                       (v.z - mean) * rstd * w.z + b.z, (v.w - mean) * rstd * w.w + b.w);
}

// Rows 2 * warp and 2 * warp + 1; VEC float4s per lane per row (C a multiple of 4, at most 128 * VEC).
template <int VEC>
__global__ void __launch_bounds__(THREADS) layer_norm_pairs(const float* input, const float* weight,
                                                            const float* bias, float* output, int N, int C,
                                                            float eps) {
    const int row0 = 2 * (blockIdx.x * WARPS + threadIdx.x / 32);
    const int lane = threadIdx.x % 32;
    if (row0 >= N) return;  // the same for the whole warp
    const bool has1 = row0 + 1 < N;
    const int c4 = C / 4;
    const float4* x0 = reinterpret_cast<const float4*>(input + (size_t)row0 * C);
    const float4* x1 = x0 + c4;
    const float4 zero = make_float4(0.0f, 0.0f, 0.0f, 0.0f);

    float4 u[VEC], v[VEC];
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        const int i = lane + 32 * k;
        u[k] = i < c4 ? __ldcs(x0 + i) : zero;
        v[k] = (i < c4 && has1) ? __ldcs(x1 + i) : zero;
    }
    float s0 = 0.0f, s1 = 0.0f;
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        s0 += sum4(u[k]);
        s1 += sum4(v[k]);
    }
    for (int offset = 16; offset > 0; offset /= 2) {
        s0 += __shfl_xor_sync(0xffffffffu, s0, offset);
        s1 += __shfl_xor_sync(0xffffffffu, s1, offset);
    }
    const float mean0 = s0 / C, mean1 = s1 / C;
    float q0 = 0.0f, q1 = 0.0f;
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        if (lane + 32 * k < c4) {
            q0 += squares4(u[k], mean0);
            q1 += squares4(v[k], mean1);
        }
    }
    for (int offset = 16; offset > 0; offset /= 2) {
        q0 += __shfl_xor_sync(0xffffffffu, q0, offset);
        q1 += __shfl_xor_sync(0xffffffffu, q1, offset);
    }
    const float rstd0 = rsqrtf(q0 / C + eps), rstd1 = rsqrtf(q1 / C + eps);

    const float4* w4 = reinterpret_cast<const float4*>(weight);
    const float4* b4 = reinterpret_cast<const float4*>(bias);
    float4* y0 = reinterpret_cast<float4*>(output + (size_t)row0 * C);
    float4* y1 = y0 + c4;
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        const int i = lane + 32 * k;
        if (i < c4) {
            const float4 w = w4[i], b = b4[i];
            __stcs(y0 + i, affine4(u[k], mean0, rstd0, w, b));
            if (has1) __stcs(y1 + i, affine4(v[k], mean1, rstd1, w, b));
        }
    }
}

// Any C: a warp per row, three walks along it, scalar loads.
__global__ void layer_norm_walks(const float* input, const float* weight, const float* bias, float* output, int N,
                                 int C, float eps) {
    const int row = blockIdx.x * WARPS + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= N) return;
    const float* x = input + (size_t)row * C;
    float* y = output + (size_t)row * C;
    float s = 0.0f;
    for (int c = lane; c < C; c += 32) s += x[c];
    const float mean = warp_sum(s) / C;
    float q = 0.0f;
    for (int c = lane; c < C; c += 32) {
        const float d = x[c] - mean;
        q += d * d;
    }
    const float rstd = rsqrtf(warp_sum(q) / C + eps);
    for (int c = lane; c < C; c += 32) y[c] = (x[c] - mean) * rstd * weight[c] + bias[c];
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int N, int C,
                      float eps) {
    const int rows_per_block = 2 * WARPS;
    const int blocks = (N + rows_per_block - 1) / rows_per_block;
    if (C % 4 != 0 || C > 1024)
        layer_norm_walks<<<(N + WARPS - 1) / WARPS, THREADS>>>(input, weight, bias, output, N, C, eps);
    else if (C <= 128)
        layer_norm_pairs<1><<<blocks, THREADS>>>(input, weight, bias, output, N, C, eps);
    else if (C <= 256)
        layer_norm_pairs<2><<<blocks, THREADS>>>(input, weight, bias, output, N, C, eps);
    else if (C <= 512)
        layer_norm_pairs<4><<<blocks, THREADS>>>(input, weight, bias, output, N, C, eps);
    else
        layer_norm_pairs<8><<<blocks, THREADS>>>(input, weight, bias, output, N, C, eps);
    cudaDeviceSynchronize();
}
