// vectorized with register-tiled flash attention: 64 queries x 64 keys of a head per step,
// each thread a 4 x 4 patch of scores and of outputs, instead of a warp per query whose lanes
// each read a whole key row from shared memory for one score.
#include <cuda_runtime.h>

#define DM 768    // d_model
#define NH 12     // heads
#define HDIM 64   // head size
#define FFN 3072  // MLP width

// LayerNorm, one warp per row: the row's 768 values stay in registers (24 per lane), mean and
// biased variance by shuffles, eps 1e-5.
__global__ void layernorm_kernel(const float* in, const float* w, const float* b, float* out, int S) {
  const int i = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
  if (i >= S) return;  // the whole warp leaves together
  float v[DM / 32], sum = 0.0f;
  for (int u = 0; u < DM / 32; ++u) {
    v[u] = in[(size_t)i * DM + lane + 32 * u];
    sum += v[u];
  }
  for (int off = 16; off > 0; off >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, off);
  const float mean = sum / DM;
  float sq = 0.0f;
  for (int u = 0; u < DM / 32; ++u) sq += (v[u] - mean) * (v[u] - mean);
  for (int off = 16; off > 0; off >>= 1) sq += __shfl_xor_sync(0xffffffffu, sq, off);
  const float inv = rsqrtf(sq / DM + 1e-5f);
  for (int u = 0; u < DM / 32; ++u) {
    const int c = lane + 32 * u;
    out[(size_t)i * DM + c] = (v[u] - mean) * inv * w[c] + b[c];
  }
}
#define LAYERNORM(in, w, b, out, S) layernorm_kernel<<<((S) + 7) / 8, 256>>>(in, w, b, out, S)

// GELU, tanh approximation: 0.5 u (1 + tanh(sqrt(2 / pi) (u + 0.044715 u^3))).
__device__ __forceinline__ float gelu_tanh(float u) {
  return 0.5f * u * (1.0f + tanhf(0.7978845608f * (u + 0.044715f * u * u * u)));
}

// What a linear layer does after its product: MODE 0 adds the bias, 1 adds it and applies GELU,
// 2 adds it and the residual R (same shape as C).
template <int MODE>
__device__ __forceinline__ float finish(float v, const float* bias, const float* R, int row, int col, int N) {
  v += bias[col];
  if (MODE == 1) return gelu_tanh(v);
  if (MODE == 2) return R[(size_t)row * N + col] + v;
  return v;
}

// C (M x N) = A (M x K) W (K x N) in BM x BN block tiles, BK = 16 per step, TM x TN accumulators
// per thread, float4 global loads (K and N are multiples of 4, rows start 16-byte aligned) and
// float4 shared-memory reads. K and N are multiples of BK and BN for every layer; rows are guarded.
#define BK 16
#define BUFS 1
template <int BM, int BN, int TM, int TN>
struct Tile {
  static constexpr int T = (BM / TM) * (BN / TN);
  static constexpr int A4 = BM * BK / 4 / T;  // float4 pieces of A per thread
  static constexpr int W4 = BK * BN / 4 / T;  // float4 pieces of W per thread
};
template <int BM, int BN, int TM, int TN>
__device__ __forceinline__ void fetch(float4 (&ra)[Tile<BM, BN, TM, TN>::A4], float4 (&rw)[Tile<BM, BN, TM, TN>::W4],
                                      const float* A, const float* W, int m0, int n0, int k0, int M, int N, int K) {
  using TL = Tile<BM, BN, TM, TN>;
  for (int v = 0; v < TL::A4; ++v) {
    const int e = threadIdx.x + v * TL::T, r = e / (BK / 4), c = e % (BK / 4) * 4;
    ra[v] = m0 + r < M ? *reinterpret_cast<const float4*>(A + (size_t)(m0 + r) * K + k0 + c)
                       : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  }
  for (int v = 0; v < TL::W4; ++v) {
    const int e = threadIdx.x + v * TL::T, r = e / (BN / 4), c = e % (BN / 4) * 4;
    rw[v] = *reinterpret_cast<const float4*>(W + (size_t)(k0 + r) * N + n0 + c);
  }
}
template <int BM, int BN, int TM, int TN>
__device__ __forceinline__ void stash(float (*As)[BM + 4], float (*Ws)[BN],
                                      const float4 (&ra)[Tile<BM, BN, TM, TN>::A4],
                                      const float4 (&rw)[Tile<BM, BN, TM, TN>::W4]) {
  using TL = Tile<BM, BN, TM, TN>;
  for (int v = 0; v < TL::A4; ++v) {  // transposed: As[k][m]
    const int e = threadIdx.x + v * TL::T, r = e / (BK / 4), c = e % (BK / 4) * 4;
    As[c][r] = ra[v].x, As[c + 1][r] = ra[v].y, As[c + 2][r] = ra[v].z, As[c + 3][r] = ra[v].w;
  }
  for (int v = 0; v < TL::W4; ++v) {
    const int e = threadIdx.x + v * TL::T, r = e / (BN / 4), c = e % (BN / 4) * 4;
    *reinterpret_cast<float4*>(&Ws[r][c]) = rw[v];
  }
}
// The TM x TN outer products of one BK step.
template <int BM, int BN, int TM, int TN>
__device__ __forceinline__ void step(const float (*As)[BM + 4], const float (*Ws)[BN], float (&acc)[TM][TN], int trow,
                                     int tcol) {
#pragma unroll
  for (int k = 0; k < BK; ++k) {
    float a[TM], b[TN];
    for (int i = 0; i < TM; i += 4) {
      const float4 q = *reinterpret_cast<const float4*>(&As[k][trow * TM + i]);
      a[i] = q.x, a[i + 1] = q.y, a[i + 2] = q.z, a[i + 3] = q.w;
    }
    for (int j = 0; j < TN; j += 4) {
      const float4 q = *reinterpret_cast<const float4*>(&Ws[k][tcol * TN + j]);
      b[j] = q.x, b[j + 1] = q.y, b[j + 2] = q.z, b[j + 3] = q.w;
    }
    for (int i = 0; i < TM; ++i)
      for (int j = 0; j < TN; ++j) acc[i][j] += a[i] * b[j];
  }
}
template <int BM, int BN, int TM, int TN, int MODE>
__global__ __launch_bounds__((BM / TM) *
                             (BN / TN)) void gemm_kernel(const float* __restrict__ A, const float* __restrict__ W,
                                                         const float* __restrict__ bias, const float* __restrict__ R,
                                                         float* __restrict__ C, int M, int N, int K) {
  __shared__ __align__(16) float As[BUFS][BK][BM + 4];
  __shared__ __align__(16) float Ws[BUFS][BK][BN];
  const int trow = threadIdx.x / (BN / TN), tcol = threadIdx.x % (BN / TN);
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  float acc[TM][TN] = {};
  float4 ra[Tile<BM, BN, TM, TN>::A4], rw[Tile<BM, BN, TM, TN>::W4];
  for (int k0 = 0; k0 < K; k0 += BK) {
    fetch<BM, BN, TM, TN>(ra, rw, A, W, m0, n0, k0, M, N, K);
    stash<BM, BN, TM, TN>(As[0], Ws[0], ra, rw);
    __syncthreads();
    step<BM, BN, TM, TN>(As[0], Ws[0], acc, trow, tcol);
    __syncthreads();
  }
  for (int i = 0; i < TM; ++i) {
    const int row = m0 + trow * TM + i;
    if (row >= M) continue;
    for (int j = 0; j < TN; j += 4) {
      const int col = n0 + tcol * TN + j;
      float4 o;
      o.x = finish<MODE>(acc[i][j], bias, R, row, col, N);
      o.y = finish<MODE>(acc[i][j + 1], bias, R, row, col + 1, N);
      o.z = finish<MODE>(acc[i][j + 2], bias, R, row, col + 2, N);
      o.w = finish<MODE>(acc[i][j + 3], bias, R, row, col + 3, N);
      *reinterpret_cast<float4*>(C + (size_t)row * N + col) = o;
    }
  }
}
// Wide layers (N >= 2304) take 128 x 64 tiles, 8 x 4 per thread; the 768-wide ones 64 x 64,
// 4 x 4 per thread, so that 1,024 rows still give 192 blocks for the GPU's 132 SMs.
// (qkv and fc use modes 0 and 1, the 768-wide attn and proj mode 2.)
void linear(int mode, const float* A, const float* W, const float* bias, const float* R, float* C, int M, int N,
            int K) {
  if (N >= 2304) {
    const dim3 grid(N / 64, (M + 127) / 128);
    if (mode == 0)
      gemm_kernel<128, 64, 8, 4, 0><<<grid, 256>>>(A, W, bias, R, C, M, N, K);
    else
      gemm_kernel<128, 64, 8, 4, 1><<<grid, 256>>>(A, W, bias, R, C, M, N, K);
  } else {
    gemm_kernel<64, 64, 4, 4, 2><<<dim3(N / 64, (M + 63) / 64), 256>>>(A, W, bias, R, C, M, N, K);
  }
}

// Attention with an online softmax and register tiles: a block of 256 threads takes 64 queries
// of one head and stages 64 keys of K and V per step in shared memory; each thread computes a
// 4 x 4 patch of the 64 x 64 score tile and a 4 x 4 patch of the 64 x 64 output, so every value
// read from shared memory feeds 4 multiply-adds.
#define QB 64  // queries per block
#define KB 64  // keys per step
__global__ __launch_bounds__(256) void attention_kernel(const float* qkv, float* out, int S) {
  extern __shared__ float smem[];
  float* Qs = smem;                  // [QB][HDIM + 1]
  float* Ks = Qs + QB * (HDIM + 1);  // [KB][HDIM + 1]
  float* Vs = Ks + KB * (HDIM + 1);  // [KB][HDIM]
  float* Pt = Vs + KB * HDIM;        // [KB][QB + 1], probabilities transposed
  const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
  const int i0 = blockIdx.x * QB, c0 = blockIdx.y * HDIM;
  const float scale = 0.125f;
  for (int e = tid; e < QB * HDIM; e += 256) {
    const int r = e / HDIM, c = e % HDIM;
    Qs[r * (HDIM + 1) + c] = i0 + r < S ? qkv[(size_t)(i0 + r) * 3 * DM + c0 + c] : 0.0f;
  }
  // Thread (ty, tx): query rows ty * 4 + x, score columns tx + 16 y, output columns tx + 16 c.
  float o[4][4] = {}, m[4], l[4];
  for (int x = 0; x < 4; ++x) m[x] = -INFINITY, l[x] = 0.0f;
  for (int j0 = 0; j0 < S; j0 += KB) {
    for (int e = tid; e < KB * HDIM; e += 256) {
      const int r = e / HDIM, c = e % HDIM;
      const bool ok = j0 + r < S;
      Ks[r * (HDIM + 1) + c] = ok ? qkv[(size_t)(j0 + r) * 3 * DM + DM + c0 + c] : 0.0f;
      Vs[r * HDIM + c] = ok ? qkv[(size_t)(j0 + r) * 3 * DM + 2 * DM + c0 + c] : 0.0f;
    }
    __syncthreads();
    float s[4][4] = {};
#pragma unroll 8
    for (int k = 0; k < HDIM; ++k) {
      float a[4], b[4];
      for (int x = 0; x < 4; ++x) a[x] = Qs[(ty * 4 + x) * (HDIM + 1) + k];
      for (int y = 0; y < 4; ++y) b[y] = Ks[(tx + 16 * y) * (HDIM + 1) + k];
      for (int x = 0; x < 4; ++x)
        for (int y = 0; y < 4; ++y) s[x][y] += a[x] * b[y];
    }
    // Online softmax per row; the 16 threads sharing a row are one half-warp.
    for (int x = 0; x < 4; ++x) {
      float mx = -INFINITY;
      for (int y = 0; y < 4; ++y) {
        s[x][y] = j0 + tx + 16 * y < S ? s[x][y] * scale : -INFINITY;
        mx = fmaxf(mx, s[x][y]);
      }
      for (int off = 8; off > 0; off >>= 1) mx = fmaxf(mx, __shfl_xor_sync(0xffffffffu, mx, off));
      const float m_new = fmaxf(m[x], mx);  // finite: key j0 is always valid
      const float alpha = expf(m[x] - m_new);
      float rs = 0.0f;
      for (int y = 0; y < 4; ++y) {
        s[x][y] = expf(s[x][y] - m_new);
        rs += s[x][y];
      }
      for (int off = 8; off > 0; off >>= 1) rs += __shfl_xor_sync(0xffffffffu, rs, off);
      l[x] = l[x] * alpha + rs;
      m[x] = m_new;
      for (int c = 0; c < 4; ++c) o[x][c] *= alpha;
      for (int y = 0; y < 4; ++y) Pt[(tx + 16 * y) * (QB + 1) + ty * 4 + x] = s[x][y];
    }
    __syncthreads();
#pragma unroll 8
    for (int j = 0; j < KB; ++j) {
      float p[4];
      for (int x = 0; x < 4; ++x) p[x] = Pt[j * (QB + 1) + ty * 4 + x];
      for (int c = 0; c < 4; ++c) {
        const float v = Vs[j * HDIM + tx + 16 * c];
        for (int x = 0; x < 4; ++x) o[x][c] += p[x] * v;
      }
    }
    __syncthreads();  // Ks, Vs and Pt are overwritten on the next step
  }
  for (int x = 0; x < 4; ++x) {
    const int r = i0 + ty * 4 + x;
    if (r < S)
      for (int c = 0; c < 4; ++c) out[(size_t)r * DM + c0 + tx + 16 * c] = o[x][c] / l[x];
  }
}
void attention(const float* qkv, float* out, int S) {
  const int smem = (int)sizeof(float) * (QB * (HDIM + 1) + KB * (HDIM + 1) + KB * HDIM + KB * (QB + 1));
  cudaFuncSetAttribute(attention_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  attention_kernel<<<dim3((S + QB - 1) / QB, NH), 256, smem>>>(qkv, out, S);
}

extern "C" void solve(const float* x, float* output, const float* weights, int seq_len) {
  // The packed weights, in order.
  const float* ln1_w = weights;
  const float* ln1_b = ln1_w + DM;
  const float* W_qkv = ln1_b + DM;
  const float* b_qkv = W_qkv + (size_t)DM * 3 * DM;
  const float* W_attn = b_qkv + 3 * DM;
  const float* b_attn = W_attn + (size_t)DM * DM;
  const float* ln2_w = b_attn + DM;
  const float* ln2_b = ln2_w + DM;
  const float* W_fc = ln2_b + DM;
  const float* b_fc = W_fc + (size_t)DM * FFN;
  const float* W_proj = b_fc + FFN;
  const float* b_proj = W_proj + (size_t)FFN * DM;
  const int S = seq_len;
  // Scratch: normed rows (reused for LN2), q|k|v, attention output, h, MLP hidden.
  float *xn, *qkv, *att, *h, *f;
  cudaMalloc(&xn, sizeof(float) * (size_t)S * DM);
  cudaMalloc(&qkv, sizeof(float) * (size_t)S * 3 * DM);
  cudaMalloc(&att, sizeof(float) * (size_t)S * DM);
  cudaMalloc(&h, sizeof(float) * (size_t)S * DM);
  cudaMalloc(&f, sizeof(float) * (size_t)S * FFN);
  LAYERNORM(x, ln1_w, ln1_b, xn, S);
  linear(0, xn, W_qkv, b_qkv, nullptr, qkv, S, 3 * DM, DM);
  attention(qkv, att, S);
  linear(2, att, W_attn, b_attn, x, h, S, DM, DM);  // h = x + attention projection
  LAYERNORM(h, ln2_w, ln2_b, xn, S);
  linear(1, xn, W_fc, b_fc, nullptr, f, S, FFN, DM);    // f = gelu(hn W_fc + b_fc)
  linear(2, f, W_proj, b_proj, h, output, S, DM, FFN);  // output = h + MLP
  cudaFree(xn);
  cudaFree(qkv);
  cudaFree(att);
  cudaFree(h);
  cudaFree(f);
}
