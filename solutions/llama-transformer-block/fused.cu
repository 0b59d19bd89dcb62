// fused (flash-tiles with fewer kernels and fewer round trips through memory): RMSNorm is folded
// into the products' A loads (a kernel only finds each row's 1/rms), RoPE is applied as the
// attention loads Q and K, silu(gate) * up is the epilogue of one product that computes both
// (no 2816-wide scratch), and the attention starts its longest query tiles first.
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

#define ROPE_ON_LOAD true   // Q and K rotated as they are loaded
#define LONGEST_FIRST true  // the last query tile (most key tiles) starts first

// inv[r] = rsqrt(mean(z[r]^2) + 1e-5), one block of 128 threads per row; the products multiply
// it (and the norm weight) into their A tiles as they load them.
__global__ void rms_inv_kernel(const float* z, float* inv) {
  const float* row = z + (size_t)blockIdx.x * D_MODEL;
  __shared__ float part[4];
  float sq = 0.0f;
  for (int e = 0; e < 4; ++e) {
    const float v = row[threadIdx.x + 128 * e];
    sq += v * v;
  }
  for (int o = 16; o > 0; o >>= 1) sq += __shfl_xor_sync(0xffffffffu, sq, o);
  if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = sq;
  __syncthreads();
  if (threadIdx.x == 0) inv[blockIdx.x] = rsqrtf((part[0] + part[1] + part[2] + part[3]) / D_MODEL + 1e-5f);
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
// C = silu(rms(A) W_gate^T) * (rms(A) W_up^T), or with dual = false rms(A) W^T (+ R), where
// rms(A)[r][k] = A[r][k] * inv[r] * nw[k].
static void gemm_norm(const float* A, const float* inv, const float* nw, const float* W, bool dual, float* C, int M,
                      int N, int K) {
  if (dual)
    gemm_kernel<true><<<dim3(N / BN, (M + BM - 1) / BM), THREADS>>>(A, W, inv, nw, nullptr, C, M, N, K);
  else
    gemm_kernel<false><<<dim3(N / BN, (M + BM - 1) / BM), THREADS>>>(A, W, inv, nw, nullptr, C, M, N, K);
}

// Causal attention in key tiles: a block of 64 threads takes 64 query rows of one head (thread r
// owns row qt * 64 + r, its q and its 64 accumulators in registers), and the block stages each
// tile of 64 keys and values of the head's key/value head (h / 4) in shared memory, up to the
// diagonal tile. One pass with an online softmax: when a score beats the running maximum the
// sum and the accumulators are rescaled by exp(old max - new max).
__global__ __launch_bounds__(64) void attention_kernel(const float* qkv, const float* cos, const float* sin,
                                                       float* attn, int S) {
  __shared__ float Ks[64][HEAD_DIM], Vs[64][HEAD_DIM];
  const int qt = LONGEST_FIRST ? gridDim.x - 1 - blockIdx.x : blockIdx.x;
  const int h = blockIdx.y, g = h / 4, r = threadIdx.x, i = qt * 64 + r;
  const float* kb = qkv + D_MODEL + g * HEAD_DIM;
  const float* vb = kb + KV_DIM;
  const int iq = min(i, S - 1);  // a row past the end computes row S - 1 again and is not stored
  const float* q = qkv + (size_t)iq * QKV_DIM + h * HEAD_DIM;
  float qr[HEAD_DIM], acc[HEAD_DIM];
  for (int t = 0; t < 32; ++t) {
    float a = q[t], b = q[t + 32];
    if (ROPE_ON_LOAD) {  // the raw projection, rotated here (pair t, t + 32)
      const float c = cos[iq * 32 + t], s = sin[iq * 32 + t], a2 = a * c - b * s;
      b = a * s + b * c;
      a = a2;
    }
    qr[t] = a * 0.125f;
    qr[t + 32] = b * 0.125f;
  }
  for (int t = 0; t < HEAD_DIM; ++t) acc[t] = 0.0f;
  float m = -INFINITY, l = 0.0f;
  for (int kt = 0; kt <= qt; ++kt) {
    const int j0 = kt * 64;
    for (int e = r; e < 64 * 32; e += 64) {
      const int j = e / 32, t = e % 32, key = j0 + j;
      float a = 0.0f, b = 0.0f, va = 0.0f, vb2 = 0.0f;
      if (key < S) {
        a = kb[(size_t)key * QKV_DIM + t];
        b = kb[(size_t)key * QKV_DIM + t + 32];
        va = vb[(size_t)key * QKV_DIM + t];
        vb2 = vb[(size_t)key * QKV_DIM + t + 32];
        if (ROPE_ON_LOAD) {
          const float c = cos[key * 32 + t], s = sin[key * 32 + t], a2 = a * c - b * s;
          b = a * s + b * c;
          a = a2;
        }
      }
      Ks[j][t] = a;
      Ks[j][t + 32] = b;
      Vs[j][t] = va;
      Vs[j][t + 32] = vb2;
    }
    __syncthreads();
    const int jn = min(64, i - j0 + 1);  // keys j0 .. i of this tile; i >= j0 as kt <= qt
    for (int j = 0; j < jn; ++j) {
      float s = 0.0f;
      for (int t = 0; t < HEAD_DIM; ++t) s += qr[t] * Ks[j][t];
      if (s > m) {
        const float sc = expf(m - s);  // 0 for the first key
        l *= sc;
        for (int t = 0; t < HEAD_DIM; ++t) acc[t] *= sc;
        m = s;
      }
      const float p = expf(s - m);
      l += p;
      for (int t = 0; t < HEAD_DIM; ++t) acc[t] += p * Vs[j][t];
    }
    __syncthreads();
  }
  if (i < S)
    for (int t = 0; t < HEAD_DIM; ++t) attn[(size_t)i * D_MODEL + h * HEAD_DIM + t] = acc[t] / l;
}

static void attention(const float* qkv, const float* cos, const float* sin, float* attn, int S) {
  attention_kernel<<<dim3((S + 63) / 64, N_HEADS), 64>>>(qkv, cos, sin, attn, S);
}

// x, output, weights, cos and sin are device pointers; output holds garbage on entry.
extern "C" void solve(const float* x, float* output, const float* weights, const float* cos, const float* sin,
                      int seq_len) {
  const int S = seq_len;
  float *inv, *qkv, *attn, *x1, *hidden;
  cudaMalloc(&inv, sizeof(float) * 2 * S);
  cudaMalloc(&qkv, sizeof(float) * S * QKV_DIM);
  cudaMalloc(&attn, sizeof(float) * S * D_MODEL);
  cudaMalloc(&x1, sizeof(float) * S * D_MODEL);
  cudaMalloc(&hidden, sizeof(float) * S * FFN);
  // Attention half: qkv = rms(x) [W_Q; W_K; W_V]^T (the norm applied as A is loaded), RoPE and
  // causal attention, x1 = x + attn W_O^T (the residual added in the epilogue).
  rms_inv_kernel<<<S, 128>>>(x, inv);
  gemm_norm(x, inv, weights + OFF_RMS1, weights + OFF_WQKV, false, qkv, S, QKV_DIM, D_MODEL);
  attention(qkv, cos, sin, attn, S);
  gemm(attn, weights + OFF_WO, x, x1, S, D_MODEL, D_MODEL);
  // MLP half: hidden = silu(rms(x1) W_gate^T) * (rms(x1) W_up^T) in one product,
  // output = x1 + hidden W_down^T.
  rms_inv_kernel<<<S, 128>>>(x1, inv + S);
  gemm_norm(x1, inv + S, weights + OFF_RMS2, weights + OFF_WGU, true, hidden, S, FFN, D_MODEL);
  gemm(hidden, weights + OFF_WDOWN, x1, output, S, D_MODEL, FFN);
  cudaFree(inv);
  cudaFree(qkv);
  cudaFree(attn);
  cudaFree(x1);
  cudaFree(hidden);
}
