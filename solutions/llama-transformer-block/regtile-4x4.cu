// regtile-4x4 (tiled-16 with register tiles): each product's block computes a 64 x 64 tile of
// the output, each thread a 4 x 4 patch in registers from 16-deep slices staged transposed in
// shared memory: 8 multiply-adds per shared load instead of 1. Attention is still naive.
#include <cuda_runtime.h>

// The fixed model: d_model 512, 8 query heads and 2 key/value heads of 64, SwiGLU width 1408.
#define D_MODEL 512
#define N_HEADS 8
#define HEAD_DIM 64
#define KV_DIM 128
#define QKV_DIM 768  // Q, K and V side by side: W_Q, W_K, W_V are consecutive rows of one matrix
#define FFN 1408
// Offsets into the packed weights (rms1_w, W_Q, W_K, W_V, W_O, rms2_w, W_gate, W_up, W_down).
#define OFF_RMS1 0
#define OFF_WQKV 512
#define OFF_WO (OFF_WQKV + QKV_DIM * D_MODEL)
#define OFF_RMS2 (OFF_WO + D_MODEL * D_MODEL)
#define OFF_WGU (OFF_RMS2 + D_MODEL)
#define OFF_WDOWN (OFF_WGU + 2 * FFN * D_MODEL)

#define BM 64      // rows of C per block
#define BN 64      // columns of C per block
#define BK 16      // step along K
#define TM 4       // rows per thread
#define TN 4       // columns per thread
#define VEC false  // scalar loads and shared reads

// out = z * rsqrt(mean(z^2) + 1e-5) * w, one block of 128 threads per row of 512.
__global__ void rms_norm_kernel(const float* z, const float* w, float* out) {
  const float* row = z + (size_t)blockIdx.x * D_MODEL;
  __shared__ float part[4];
  float v[4], sq = 0.0f;
  for (int e = 0; e < 4; ++e) {
    v[e] = row[threadIdx.x + 128 * e];
    sq += v[e] * v[e];
  }
  for (int o = 16; o > 0; o >>= 1) sq += __shfl_xor_sync(0xffffffffu, sq, o);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = sq;
  __syncthreads();
  const float inv = rsqrtf((part[0] + part[1] + part[2] + part[3]) / D_MODEL + 1e-5f);
  for (int e = 0; e < 4; ++e) {
    const int c = threadIdx.x + 128 * e;
    out[(size_t)blockIdx.x * D_MODEL + c] = v[e] * inv * w[c];
  }
}

// RoPE in place on the 8 query heads and 2 key heads of each qkv row (heads 0-9 of 64 columns):
// value t of a head turns with value t + 32 by the angle whose cos/sin are at [row][t].
__global__ void rope_kernel(float* qkv, const float* cos, const float* sin, int S) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= S * 320) return;
  const int row = idx / 320, head = (idx % 320) / 32, t = idx % 32;
  float* hp = qkv + (size_t)row * QKV_DIM + head * HEAD_DIM;
  const float a = hp[t], b = hp[t + 32], c = cos[row * 32 + t], s = sin[row * 32 + t];
  hp[t] = a * c - b * s;
  hp[t + 32] = a * s + b * c;
}

// hidden[r][f] = silu(gate) * up, gate and up side by side in one row of gu (2 * 1408 columns).
__global__ void swiglu_kernel(const float* gu, float* hidden, int S) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= S * FFN) return;
  const int row = idx / FFN, f = idx % FFN;
  const float g = gu[(size_t)row * 2 * FFN + f], u = gu[(size_t)row * 2 * FFN + FFN + f];
  hidden[idx] = g / (1.0f + expf(-g)) * u;
}

// C = A W^T with A (M x K) and W (N x K) both read along K. A block computes a BM x BN tile of C,
// each thread a TM x TN patch in registers; the BM x BK and BN x BK pieces are staged in shared
// memory transposed ([k][row]), so a thread's TM (TN) values for one k are adjacent. N is a
// multiple of BN and K of BK for every product of the block; only rows of A are guarded.
// Options: inv/nw multiply row r, column k of A by inv[r] * nw[k] as it is loaded (RMSNorm folded
// into the product); DUAL computes silu(A W^T) * (A W2^T) with W2 = W + N * K (W_up follows
// W_gate); R adds a residual of the same shape as C.
#define THREADS ((BM / TM) * (BN / TN))
#define A_PER (BM * BK / THREADS)
#define B_PER (BN * BK / THREADS)

// Global -> registers: this thread's share of rows [r0, r0 + ROWS) x columns [k0, k0 + BK).
template <int ROWS, int PER>
__device__ __forceinline__ void fetch(float* r, const float* src, int r0, int k0, int nrows, int K, const float* inv,
                                      const float* nw) {
  if (VEC) {
    for (int v = 0; v < PER / 4; ++v) {
      const int e = threadIdx.x + v * THREADS, row = e / (BK / 4), c = (e % (BK / 4)) * 4;
      float4 q = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
      if (r0 + row < nrows) {
        q = *reinterpret_cast<const float4*>(src + (size_t)(r0 + row) * K + k0 + c);
        if (inv) {
          const float s = inv[r0 + row];
          q.x *= s * nw[k0 + c], q.y *= s * nw[k0 + c + 1], q.z *= s * nw[k0 + c + 2], q.w *= s * nw[k0 + c + 3];
        }
      }
      r[4 * v] = q.x, r[4 * v + 1] = q.y, r[4 * v + 2] = q.z, r[4 * v + 3] = q.w;
    }
  } else {
    for (int v = 0; v < PER; ++v) {
      const int e = threadIdx.x + v * THREADS, row = e / BK, c = e % BK;
      float a = 0.0f;
      if (r0 + row < nrows) {
        a = src[(size_t)(r0 + row) * K + k0 + c];
        if (inv) a *= inv[r0 + row] * nw[k0 + c];
      }
      r[v] = a;
    }
  }
}
// Registers -> shared memory, transposed: dst[k][row].
template <int ROWS, int PER>
__device__ __forceinline__ void store(float (*dst)[ROWS + 4], const float* r) {
  if (VEC) {
    for (int v = 0; v < PER / 4; ++v) {
      const int e = threadIdx.x + v * THREADS, row = e / (BK / 4), c = (e % (BK / 4)) * 4;
      for (int q = 0; q < 4; ++q) dst[c + q][row] = r[4 * v + q];
    }
  } else {
    for (int v = 0; v < PER; ++v) {
      const int e = threadIdx.x + v * THREADS;
      dst[e % BK][e / BK] = r[v];
    }
  }
}

// One BK step of TM x TN outer products from shared memory.
template <bool DUAL>
__device__ __forceinline__ void mma_step(const float (*As)[BM + 4], const float (*Bs1)[BN + 4],
                                         const float (*Bs2)[BN + 4], float (&acc1)[TM][TN], float (&acc2)[TM][TN],
                                         int trow, int tcol) {
#pragma unroll
  for (int k = 0; k < BK; ++k) {
    float a[TM], b1[TN], b2[TN];
    if (VEC) {
      for (int i = 0; i < TM; i += 4) {
        const float4 q = *reinterpret_cast<const float4*>(&As[k][trow * TM + i]);
        a[i] = q.x, a[i + 1] = q.y, a[i + 2] = q.z, a[i + 3] = q.w;
      }
      for (int j = 0; j < TN; j += 4) {
        const float4 q1 = *reinterpret_cast<const float4*>(&Bs1[k][tcol * TN + j]);
        b1[j] = q1.x, b1[j + 1] = q1.y, b1[j + 2] = q1.z, b1[j + 3] = q1.w;
        if (DUAL) {
          const float4 q2 = *reinterpret_cast<const float4*>(&Bs2[k][tcol * TN + j]);
          b2[j] = q2.x, b2[j + 1] = q2.y, b2[j + 2] = q2.z, b2[j + 3] = q2.w;
        }
      }
    } else {
      for (int i = 0; i < TM; ++i) a[i] = As[k][trow * TM + i];
      for (int j = 0; j < TN; ++j) {
        b1[j] = Bs1[k][tcol * TN + j];
        if (DUAL) b2[j] = Bs2[k][tcol * TN + j];
      }
    }
    for (int i = 0; i < TM; ++i)
      for (int j = 0; j < TN; ++j) {
        acc1[i][j] += a[i] * b1[j];
        if (DUAL) acc2[i][j] += a[i] * b2[j];
      }
  }
}

template <bool DUAL>
__global__ __launch_bounds__(THREADS) void gemm_kernel(const float* __restrict__ A, const float* __restrict__ W,
                                                       const float* inv, const float* nw, const float* R, float* C,
                                                       int M, int N, int K) {
  __shared__ __align__(16) float As[BK][BM + 4];
  __shared__ __align__(16) float Bs1[BK][BN + 4];
  __shared__ __align__(16) float Bs2[DUAL ? BK : 1][BN + 4];
  const int trow = threadIdx.x / (BN / TN), tcol = threadIdx.x % (BN / TN);
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  const float* W2 = W + (size_t)N * K;
  float acc1[TM][TN] = {}, acc2[TM][TN] = {};
  float ra[A_PER], rb1[B_PER], rb2[B_PER];
  for (int k0 = 0; k0 < K; k0 += BK) {
    fetch<BM, A_PER>(ra, A, m0, k0, M, K, inv, nw);
    fetch<BN, B_PER>(rb1, W, n0, k0, N, K, nullptr, nullptr);
    if (DUAL) fetch<BN, B_PER>(rb2, W2, n0, k0, N, K, nullptr, nullptr);
    store<BM, A_PER>(As, ra);
    store<BN, B_PER>(Bs1, rb1);
    if (DUAL) store<BN, B_PER>(Bs2, rb2);
    __syncthreads();
    mma_step<DUAL>(As, Bs1, Bs2, acc1, acc2, trow, tcol);
    __syncthreads();
  }
  for (int i = 0; i < TM; ++i) {
    const int row = m0 + trow * TM + i;
    if (row >= M) continue;
    for (int j = 0; j < TN; ++j) {
      const int col = n0 + tcol * TN + j;
      float v = acc1[i][j];
      if (DUAL) v = v / (1.0f + expf(-v)) * acc2[i][j];
      if (R) v += R[(size_t)row * N + col];
      C[(size_t)row * N + col] = v;
    }
  }
}

static void gemm(const float* A, const float* W, const float* R, float* C, int M, int N, int K) {
  gemm_kernel<false><<<dim3(N / BN, (M + BM - 1) / BM), THREADS>>>(A, W, nullptr, nullptr, R, C, M, N, K);
}

// Causal attention, one thread per (head, query row): a first pass over keys 0..i finds the
// row's maximum score, a second sums exp(score - max) and the weighted V rows. Query head h
// reads key/value head h / 4. q is prescaled by 1/8 (exact).
__global__ void attention_kernel(const float* qkv, float* attn, int S) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= N_HEADS * S) return;
  const int h = idx / S, i = idx % S, g = h / 4;
  const float* q = qkv + (size_t)i * QKV_DIM + h * HEAD_DIM;
  const float* kb = qkv + D_MODEL + g * HEAD_DIM;
  const float* vb = qkv + D_MODEL + KV_DIM + g * HEAD_DIM;
  float qr[HEAD_DIM], acc[HEAD_DIM];
  for (int t = 0; t < HEAD_DIM; ++t) {
    qr[t] = q[t] * 0.125f;
    acc[t] = 0.0f;
  }
  float m = -INFINITY;
  for (int j = 0; j <= i; ++j) {
    float s = 0.0f;
    for (int t = 0; t < HEAD_DIM; ++t) s += qr[t] * kb[(size_t)j * QKV_DIM + t];
    m = fmaxf(m, s);
  }
  float l = 0.0f;
  for (int j = 0; j <= i; ++j) {
    float s = 0.0f;
    for (int t = 0; t < HEAD_DIM; ++t) s += qr[t] * kb[(size_t)j * QKV_DIM + t];
    const float e = expf(s - m);
    l += e;
    for (int t = 0; t < HEAD_DIM; ++t) acc[t] += e * vb[(size_t)j * QKV_DIM + t];
  }
  for (int t = 0; t < HEAD_DIM; ++t) attn[(size_t)i * D_MODEL + h * HEAD_DIM + t] = acc[t] / l;
}

static void attention(const float* qkv, const float* cos, const float* sin, float* attn, int S) {
  attention_kernel<<<(N_HEADS * S + 127) / 128, 128>>>(qkv, attn, S);
}

// x, output, weights, cos and sin are device pointers; output holds garbage on entry.
extern "C" void solve(const float* x, float* output, const float* weights, const float* cos, const float* sin,
                      int seq_len) {
  const int S = seq_len;
  float *h, *qkv, *attn, *x1, *gu, *hidden;
  cudaMalloc(&h, sizeof(float) * S * D_MODEL);
  cudaMalloc(&qkv, sizeof(float) * S * QKV_DIM);
  cudaMalloc(&attn, sizeof(float) * S * D_MODEL);
  cudaMalloc(&x1, sizeof(float) * S * D_MODEL);
  cudaMalloc(&gu, sizeof(float) * S * 2 * FFN);
  cudaMalloc(&hidden, sizeof(float) * S * FFN);
  // Attention half: h = rms(x), qkv = h [W_Q; W_K; W_V]^T, RoPE, attention, x1 = x + attn W_O^T.
  rms_norm_kernel<<<S, 128>>>(x, weights + OFF_RMS1, h);
  gemm(h, weights + OFF_WQKV, nullptr, qkv, S, QKV_DIM, D_MODEL);
  rope_kernel<<<(S * 320 + 255) / 256, 256>>>(qkv, cos, sin, S);
  attention(qkv, cos, sin, attn, S);
  gemm(attn, weights + OFF_WO, x, x1, S, D_MODEL, D_MODEL);
  // MLP half: h = rms(x1), [gate, up] = h [W_gate; W_up]^T, output = x1 + swiglu W_down^T.
  rms_norm_kernel<<<S, 128>>>(x1, weights + OFF_RMS2, h);
  gemm(h, weights + OFF_WGU, nullptr, gu, S, 2 * FFN, D_MODEL);
  swiglu_kernel<<<(S * FFN + 255) / 256, 256>>>(gu, hidden, S);
  gemm(hidden, weights + OFF_WDOWN, x1, output, S, D_MODEL, FFN);
  cudaFree(h);
  cudaFree(qkv);
  cudaFree(attn);
  cudaFree(x1);
  cudaFree(gu);
  cudaFree(hidden);
}
