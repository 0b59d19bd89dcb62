// A warp per token with the token's sum s held in registers: where D is a multiple of 4 a lane
// loads its VEC float4s of both rows once (VEC = 6 at D = 768), and the mean, the variance and
// the outputs all come from the registers: one read of each row instead of three walks. Other
// D fall back to three scalar walks along the rows.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__device__ __forceinline__ float4 add4(float4 a, float4 b) {
    return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}

// D a multiple of 4 and at most 128 * VEC.
template <int VEC>
__global__ void __launch_bounds__(THREADS) embed_registers(const int* token_ids, const int* position_ids,
                                                           const float* token_embeddings,
                                                           const float* position_embeddings, const float* gamma,
                                                           const float* beta, float* output, int tokens, int T,
                                                           int D, float eps) {
    const int token = blockIdx.x * WARPS + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (token >= tokens) return;
    const float4* t4 = reinterpret_cast<const float4*>(token_embeddings + (size_t)token_ids[token] * D);
    const float4* p4 = reinterpret_cast<const float4*>(position_embeddings + (size_t)position_ids[token % T] * D);
    const int d4 = D / 4;
    float4 v[VEC];
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        const int i = lane + 32 * k;
        v[k] = i < d4 ? add4(t4[i], p4[i]) : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        s += (v[k].x + v[k].y) + (v[k].z + v[k].w);
    }
    const float mean = warp_sum(s) / D;
    float q = 0.0f;
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        if (lane + 32 * k < d4) {
            const float a = v[k].x - mean, b = v[k].y - mean, c = v[k].z - mean, e = v[k].w - mean;
            q += (a * a + b * b) + (c * c + e * e);
        }
    }
    const float rstd = rsqrtf(warp_sum(q) / D + eps);
    const float4* g4 = reinterpret_cast<const float4*>(gamma);
    const float4* b4 = reinterpret_cast<const float4*>(beta);
    float4* y4 = reinterpret_cast<float4*>(output + (size_t)token * D);
#pragma unroll
    for (int k = 0; k < VEC; ++k) {
        const int i = lane + 32 * k;
        if (i < d4) {
            const float4 g = g4[i], b = b4[i];
            y4[i] = make_float4((v[k].x - mean) * rstd * g.x + b.x, (v[k].y - mean) * rstd * g.y + b.y,
                                (v[k].z - mean) * rstd * g.z + b.z, (v[k].w - mean) * rstd * g.w + b.w);
        }
    }
}

// Any D: three scalar walks along the rows.
__global__ void embed_walks(const int* token_ids, const int* position_ids, const float* token_embeddings,
                            const float* position_embeddings, const float* gamma, const float* beta, float* output,
                            int tokens, int T, int D, float eps) {
    const int token = blockIdx.x * WARPS + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (token >= tokens) return;
    const float* tok = token_embeddings + (size_t)token_ids[token] * D;
    const float* pos = position_embeddings + (size_t)position_ids[token % T] * D;
    float* y = output + (size_t)token * D;
    float s = 0.0f;
    for (int d = lane; d < D; d += 32) s += tok[d] + pos[d];
    const float mean = warp_sum(s) / D;
    float q = 0.0f;
    for (int d = lane; d < D; d += 32) {
        const float dev = (tok[d] + pos[d]) - mean;
        q += dev * dev;
    }
    const float rstd = rsqrtf(warp_sum(q) / D + eps);
    for (int d = lane; d < D; d += 32) y[d] = ((tok[d] + pos[d]) - mean) * rstd * gamma[d] + beta[d];
}

#define LAUNCH(VEC)                                                                                            \
    embed_registers<VEC><<<blocks, THREADS>>>(token_ids, position_ids, token_embeddings, position_embeddings, \
                                              gamma, beta, output, tokens, T, D, eps)

extern "C" void solve(const int* token_ids, const int* position_ids, const float* token_embeddings,
                      const float* position_embeddings, const float* gamma, const float* beta, float* output, int B,
                      int T, int V, int P, int D, float eps) {
    const int tokens = B * T;
    const int blocks = (tokens + WARPS - 1) / WARPS;
    switch (D % 4 == 0 ? (D / 4 + 31) / 32 : 0) {
        case 1: LAUNCH(1); break;
        case 2: LAUNCH(2); break;
        case 3: LAUNCH(3); break;
        case 4: LAUNCH(4); break;
        case 5: LAUNCH(5); break;
        case 6: LAUNCH(6); break;
        case 7: LAUNCH(7); break;
        case 8: LAUNCH(8); break;
        default:
            embed_walks<<<blocks, THREADS>>>(token_ids, position_ids, token_embeddings, position_embeddings, gamma,
                                             beta, output, tokens, T, D, eps);
    }
    cudaDeviceSynchronize();
}
