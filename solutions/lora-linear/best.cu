// Best: a 64 x 128 tile of the output per block of 256 threads, 4 x 8 outputs per thread in
// registers, double-buffered shared memory. Each step of the inner dimension a thread reads one
// float4 of x's tile and two of W's from shared memory for 32 multiply-adds (three 16-byte loads
// where vectorized needs two for 16), and while the block computes on one buffer the next 8
// steps are already on their way from global memory into registers, to be stored into the other
// buffer: one barrier per step of 8 instead of two. At the performance size the 64 x 128 tiles
// make 128 blocks, about one per SM (128 x 128 tiles would leave half the SMs idle).
// The low-rank branch: t = lora_scale * x A^T first, by the same kernel with its inner dimension
// split into slices of 128 (t has only batch x rank outputs, too few tiles to fill the GPU) added
// into a zeroed t with atomicAdd; then the output's inner loop runs on from x W^T into t B^T in
// the same accumulators, so the branch costs rank / d_in more work and no extra pass.
#include <cuda_runtime.h>

#define BM 64   // rows of the output (batch) per block
#define BN 128  // columns of the output (d_out) per block
#define BK 8
#define PAD 4
#define THREADS 256
#define T_CHUNK 128         // inner-dimension slice per block of the t pass
#define MAX_T (1024 * 256)  // batch * rank at most

__device__ float lora_t[MAX_T];

// Four consecutive values P[r][k .. k + 3] (k a multiple of 4), zero past the matrix.
__device__ __forceinline__ float4 load4(const float* P, int R, int K, int r, int k) {
    if (r >= R) return make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    const float* p = P + (size_t)r * K;
    if (K % 4 == 0 && k + 3 < K) return __ldg(reinterpret_cast<const float4*>(p + k));
    return make_float4(k < K ? p[k] : 0.0f, k + 1 < K ? p[k + 1] : 0.0f, k + 2 < K ? p[k + 2] : 0.0f,
                       k + 3 < K ? p[k + 3] : 0.0f);
}

// C[m][n] = alpha * (P1[m] . Q1[n]) + (P2[m] . Q2[n]), rows of length K1 and K2. With gridDim.z > 1,
// block z sums the first segment over [z * k_chunk, (z + 1) * k_chunk) only (and the second
// segment is empty); atomic adds the result into C instead of storing it.
__global__ void __launch_bounds__(THREADS, 2) nt_64x128(const float* __restrict__ P1, const float* __restrict__ Q1,
                                                        int K1, const float* __restrict__ P2,
                                                        const float* __restrict__ Q2, int K2, float* C, int M,
                                                        int N, float alpha, int k_chunk, bool atomic) {
    __shared__ __align__(16) float Ps[2][BK][BM + PAD];
    __shared__ __align__(16) float Qs[2][BK][BN + PAD];
    const int tid = threadIdx.x;
    const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
    const int tx = tid % 16, ty = tid / 16;  // rows ty * 4 + i; columns tx * 4 + j and tx * 4 + 64 + j
    const bool loads_p = tid < 128;          // x's tile is 128 float4s, W's 256
    const int pr = (tid % 128) / 2, qr = tid / 2, lk = (tid % 2) * 4;

    float acc[4][8];
#pragma unroll
    for (int i = 0; i < 4; ++i) {
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;
    }

    float4 pv = make_float4(0.0f, 0.0f, 0.0f, 0.0f), qv = pv;  // the next step, on its way
    int buf = 0;
    for (int seg = 0; seg < 2; ++seg) {
        const float* P = seg == 0 ? P1 : P2;
        const float* Q = seg == 0 ? Q1 : Q2;
        const int K = seg == 0 ? K1 : K2;
        const int kb = seg == 0 ? blockIdx.z * k_chunk : 0;
        const int ke = seg == 0 ? min(K, kb + k_chunk) : (blockIdx.z == 0 ? K : 0);
        if (kb < ke) {
            auto load_global = [&](int k0) {
                if (loads_p) pv = load4(P, M, K, m0 + pr, k0 + lk);
                qv = load4(Q, N, K, n0 + qr, k0 + lk);
            };
            auto store_shared = [&](int b) {
                if (loads_p) {
                    Ps[b][lk + 0][pr] = pv.x;
                    Ps[b][lk + 1][pr] = pv.y;
                    Ps[b][lk + 2][pr] = pv.z;
                    Ps[b][lk + 3][pr] = pv.w;
                }
                Qs[b][lk + 0][qr] = qv.x;
                Qs[b][lk + 1][qr] = qv.y;
                Qs[b][lk + 2][qr] = qv.z;
                Qs[b][lk + 3][qr] = qv.w;
            };
            // buf was last read two steps ago, before a barrier.
            load_global(kb);
            store_shared(buf);
            __syncthreads();
            for (int k0 = kb; k0 < ke; k0 += BK) {
                const bool has_next = k0 + BK < ke;
                if (has_next) load_global(k0 + BK);  // in flight during the math below
#pragma unroll
                for (int kk = 0; kk < BK; ++kk) {
                    const float4 a4 = *reinterpret_cast<const float4*>(&Ps[buf][kk][ty * 4]);
                    const float4 b0 = *reinterpret_cast<const float4*>(&Qs[buf][kk][tx * 4]);
                    const float4 b1 = *reinterpret_cast<const float4*>(&Qs[buf][kk][tx * 4 + 64]);
                    const float a[4] = {a4.x, a4.y, a4.z, a4.w};
                    const float b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
                    for (int i = 0; i < 4; ++i) {
#pragma unroll
                        for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
                    }
                }
                // The other buffer was last read in the previous step, which ended with a barrier.
                if (has_next) store_shared(buf ^ 1);
                __syncthreads();
                buf ^= 1;
            }
        }
        if (seg == 0) {
#pragma unroll
            for (int i = 0; i < 4; ++i) {
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] *= alpha;
            }
        }
    }

#pragma unroll
    for (int i = 0; i < 4; ++i) {
        const int m = m0 + ty * 4 + i;
        if (m >= M) continue;
        float* c = C + (size_t)m * N;
#pragma unroll
        for (int h = 0; h < 2; ++h) {
            const int n = n0 + tx * 4 + 64 * h;
            if (atomic) {
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    if (n + j < N) atomicAdd(c + n + j, acc[i][4 * h + j]);
            } else if (N % 4 == 0 && n + 3 < N) {
                *reinterpret_cast<float4*>(c + n) =
                    make_float4(acc[i][4 * h + 0], acc[i][4 * h + 1], acc[i][4 * h + 2], acc[i][4 * h + 3]);
            } else {
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    if (n + j < N) c[n + j] = acc[i][4 * h + j];
            }
        }
    }
}

extern "C" void solve(const float* x, const float* W, const float* A, const float* B, float* output, int batch,
                      int d_in, int d_out, int rank, float lora_scale) {
    static float* t = nullptr;
    if (t == nullptr) cudaGetSymbolAddress(reinterpret_cast<void**>(&t), lora_t);
    const int splits = (d_in + T_CHUNK - 1) / T_CHUNK;
    cudaMemsetAsync(t, 0, (size_t)batch * rank * sizeof(float));
    nt_64x128<<<dim3((rank + BN - 1) / BN, (batch + BM - 1) / BM, splits), THREADS>>>(
        x, A, d_in, nullptr, nullptr, 0, t, batch, rank, lora_scale, T_CHUNK, true);
    nt_64x128<<<dim3((d_out + BN - 1) / BN, (batch + BM - 1) / BM), THREADS>>>(x, W, d_in, t, B, rank, output, batch,
                                                                             d_out, 1.0f, d_in, false);
    cudaDeviceSynchronize();
}
