// flash-warp with register-tiled products: 64 x 64 block tiles, each thread a 4 x 4 patch of
// accumulators, so each value read from shared memory feeds 4 multiply-adds instead of 1.
#include <cuda_runtime.h>

#define DM 768    // d_model
#define NH 12     // heads
#define HDIM 64   // head size
#define FFN 3072  // MLP width

// LayerNorm, one thread per row: mean, then the biased variance (divide by DM), eps 1e-5.
__global__ void layernorm_kernel(const float* in, const float* w, const float* b, float* out, int S) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= S) return;
  const float* r = in + (size_t)i * DM;
  float mean = 0.0f;
  for (int c = 0; c < DM; ++c) mean += r[c];
  mean /= DM;
  float var = 0.0f;
  for (int c = 0; c < DM; ++c) var += (r[c] - mean) * (r[c] - mean);
  const float inv = rsqrtf(var / DM + 1e-5f);
  for (int c = 0; c < DM; ++c) out[(size_t)i * DM + c] = (r[c] - mean) * inv * w[c] + b[c];
}
#define LAYERNORM(in, w, b, out, S) layernorm_kernel<<<((S) + 127) / 128, 128>>>(in, w, b, out, S)

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

// C (M x N) = A (M x K) W (K x N) in BM x BN block tiles, BK = 16 per step, each thread a
// TM x TN patch of accumulators in registers (every shared value feeds TM or TN multiply-adds).
// K and N are multiples of BK and BN for every layer of the block; rows are guarded.
#define BK 16
template <int BM, int BN, int TM, int TN, int MODE>
__global__ __launch_bounds__((BM / TM) *
                             (BN / TN)) void gemm_kernel(const float* __restrict__ A, const float* __restrict__ W,
                                                         const float* __restrict__ bias, const float* __restrict__ R,
                                                         float* __restrict__ C, int M, int N, int K) {
  constexpr int T = (BM / TM) * (BN / TN);
  __shared__ float As[BK][BM + 1];  // A transposed, so a thread's TM rows are adjacent
  __shared__ float Ws[BK][BN];
  const int trow = threadIdx.x / (BN / TN), tcol = threadIdx.x % (BN / TN);
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  float acc[TM][TN] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int e = threadIdx.x; e < BM * BK; e += T) {
      const int r = e / BK, c = e % BK;
      As[c][r] = m0 + r < M ? A[(size_t)(m0 + r) * K + k0 + c] : 0.0f;
    }
    for (int e = threadIdx.x; e < BK * BN; e += T) Ws[e / BN][e % BN] = W[(size_t)(k0 + e / BN) * N + n0 + e % BN];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[TM], b[TN];
      for (int i = 0; i < TM; ++i) a[i] = As[k][trow * TM + i];
      for (int j = 0; j < TN; ++j) b[j] = Ws[k][tcol + j * (BN / TN)];
      for (int i = 0; i < TM; ++i)
        for (int j = 0; j < TN; ++j) acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
  for (int i = 0; i < TM; ++i) {
    const int row = m0 + trow * TM + i;
    if (row >= M) continue;
    for (int j = 0; j < TN; ++j) {
      const int col = n0 + tcol + j * (BN / TN);
      C[(size_t)row * N + col] = MODE < 0 ? acc[i][j] : finish<(MODE < 0 ? 0 : MODE)>(acc[i][j], bias, R, row, col, N);
    }
  }
}

void product(const float* A, const float* W, float* C, int M, int N, int K) {
  gemm_kernel<64, 64, 4, 4, -1><<<dim3(N / 64, (M + 63) / 64), 256>>>(A, W, nullptr, nullptr, C, M, N, K);
}

// The epilogue as its own pass over C: bias, then GELU or the residual (see finish).
template <int MODE>
__global__ void epilogue_kernel(float* C, const float* bias, const float* R, int M, int N) {
  const size_t e = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= (size_t)M * N) return;
  C[e] = finish<MODE>(C[e], bias, R, (int)(e / N), (int)(e % N), N);
}
void linear(int mode, const float* A, const float* W, const float* bias, const float* R, float* C, int M, int N,
            int K) {
  product(A, W, C, M, N, K);
  const unsigned blocks = (unsigned)(((size_t)M * N + 255) / 256);
  if (mode == 0)
    epilogue_kernel<0><<<blocks, 256>>>(C, bias, R, M, N);
  else if (mode == 1)
    epilogue_kernel<1><<<blocks, 256>>>(C, bias, R, M, N);
  else
    epilogue_kernel<2><<<blocks, 256>>>(C, bias, R, M, N);
}

// Attention with an online softmax (flash style), one warp per query and 8 queries of one head
// per block: the block stages 32 keys of the head's K and V in shared memory, each lane scores
// one key, the warp updates its running max and sum with shuffles, and each lane accumulates two
// of the 64 output columns. No S x S scores are ever stored.
#define WARPS 8
#define KT 32
__global__ __launch_bounds__(WARPS * 32) void attention_kernel(const float* qkv, float* out, int S) {
  __shared__ float qs[WARPS][HDIM];
  __shared__ float Ks[KT][HDIM + 1];  // lane j reads row j: the +1 spreads the banks
  __shared__ float Vs[KT][HDIM];
  __shared__ float ps[WARPS][KT];
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32, c0 = blockIdx.y * HDIM;
  const int i = blockIdx.x * WARPS + warp;  // may be >= S in the last block
  const float scale = 0.125f;
  for (int t = lane; t < HDIM; t += 32) qs[warp][t] = i < S ? qkv[(size_t)i * 3 * DM + c0 + t] : 0.0f;
  float o[HDIM / 32] = {}, m = -INFINITY, l = 0.0f;
  for (int j0 = 0; j0 < S; j0 += KT) {
    __syncthreads();  // the previous tile is no longer in use
    for (int e = tid; e < KT * HDIM; e += WARPS * 32) {
      const int r = e / HDIM, c = e % HDIM;
      const bool ok = j0 + r < S;
      Ks[r][c] = ok ? qkv[(size_t)(j0 + r) * 3 * DM + DM + c0 + c] : 0.0f;
      Vs[r][c] = ok ? qkv[(size_t)(j0 + r) * 3 * DM + 2 * DM + c0 + c] : 0.0f;
    }
    __syncthreads();
    float s = 0.0f;
    for (int t = 0; t < HDIM; ++t) s += qs[warp][t] * Ks[lane][t];
    s = j0 + lane < S ? s * scale : -INFINITY;
    float tmax = s;
    for (int off = 16; off > 0; off >>= 1) tmax = fmaxf(tmax, __shfl_xor_sync(0xffffffffu, tmax, off));
    const float m_new = fmaxf(m, tmax);  // finite: key j0 is always valid
    const float p = expf(s - m_new), alpha = expf(m - m_new);
    float psum = p;
    for (int off = 16; off > 0; off >>= 1) psum += __shfl_xor_sync(0xffffffffu, psum, off);
    l = l * alpha + psum;
    m = m_new;
    ps[warp][lane] = p;
    __syncwarp();
    for (int u = 0; u < HDIM / 32; ++u) o[u] *= alpha;
    const int len = min(KT, S - j0);
    for (int jj = 0; jj < len; ++jj)
      for (int u = 0; u < HDIM / 32; ++u) o[u] += ps[warp][jj] * Vs[jj][lane + 32 * u];
    __syncwarp();  // ps is rewritten on the next tile
  }
  if (i < S)
    for (int u = 0; u < HDIM / 32; ++u) out[(size_t)i * DM + c0 + lane + 32 * u] = o[u] / l;
}
void attention(const float* qkv, float* out, int S) {
  attention_kernel<<<dim3((S + WARPS - 1) / WARPS, NH), WARPS * 32>>>(qkv, out, S);
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
