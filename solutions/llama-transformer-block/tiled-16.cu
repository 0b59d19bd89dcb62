// tiled-16 (naive with the products in 16 x 16 shared-memory tiles): both operands are read along
// K, so every staged piece is a coalesced read, and each loaded value serves 16 multiply-adds.
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

// C = A W^T (+ R) in 16 x 16 tiles: each step stages a 16 x 16 piece of A and of W (both read
// along K, so coalesced) in shared memory; one output per thread. N and K are multiples of 16.
__global__ void gemm_kernel(const float* A, const float* W, const float* R, float* C, int M, int N, int K) {
  __shared__ float As[16][17], Ws[16][17];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx, wrow = blockIdx.x * 16 + ty;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 16) {
    As[ty][tx] = row < M ? A[(size_t)row * K + k0 + tx] : 0.0f;
    Ws[ty][tx] = W[(size_t)wrow * K + k0 + tx];
    __syncthreads();
    for (int k = 0; k < 16; ++k) acc += As[ty][k] * Ws[tx][k];
    __syncthreads();
  }
  if (row < M) C[(size_t)row * N + col] = (R ? R[(size_t)row * N + col] : 0.0f) + acc;
}

static void gemm(const float* A, const float* W, const float* R, float* C, int M, int N, int K) {
  gemm_kernel<<<dim3(N / 16, (M + 15) / 16), dim3(16, 16)>>>(A, W, R, C, M, N, K);
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
