// WRONG: GPT-2's causal mask added (each query sees keys 0..i only); the statement's block
// attends over every token, with no mask.
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

// C (M x N) = A (M x K) W (K x N), W used as stored ([in, out]); one thread per element.
__global__ void product_kernel(const float* A, const float* W, float* C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x, row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k) acc += A[(size_t)row * K + k] * W[(size_t)k * N + col];
  C[(size_t)row * N + col] = acc;
}
void product(const float* A, const float* W, float* C, int M, int N, int K) {
  product_kernel<<<dim3((N + 15) / 16, (M + 15) / 16), dim3(16, 16)>>>(A, W, C, M, N, K);
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

// Attention, one thread per (query, head), no mask: three passes over the keys (max, sum of
// exponentials, weighted sum of values), every operand from global memory. qkv rows hold
// q | k | v (3 * DM floats), head hd in columns hd * HDIM.. of each part.
__global__ void attention_kernel(const float* qkv, float* out, int S) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= S * NH) return;
  const int i = t / NH, c0 = t % NH * HDIM;
  const float* q = qkv + (size_t)i * 3 * DM + c0;
  const float scale = 0.125f;  // 1 / sqrt(64)
  float mx = -INFINITY;
  for (int j = 0; j <= i; ++j) {
    const float* k = qkv + (size_t)j * 3 * DM + DM + c0;
    float s = 0.0f;
    for (int c = 0; c < HDIM; ++c) s += q[c] * k[c];
    mx = fmaxf(mx, s * scale);
  }
  float sum = 0.0f, acc[HDIM];
  for (int c = 0; c < HDIM; ++c) acc[c] = 0.0f;
  for (int j = 0; j <= i; ++j) {
    const float* k = qkv + (size_t)j * 3 * DM + DM + c0;
    float s = 0.0f;
    for (int c = 0; c < HDIM; ++c) s += q[c] * k[c];
    const float p = expf(s * scale - mx);
    sum += p;
    const float* v = qkv + (size_t)j * 3 * DM + 2 * DM + c0;
    for (int c = 0; c < HDIM; ++c) acc[c] += p * v[c];
  }
  for (int c = 0; c < HDIM; ++c) out[(size_t)i * DM + c0 + c] = acc[c] / sum;
}
void attention(const float* qkv, float* out, int S) {
  attention_kernel<<<(S * NH + 127) / 128, 128>>>(qkv, out, S);
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
