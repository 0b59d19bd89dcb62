// Naive, three kernels and a num_heads x seq_len scratch array: one thread per (head, position)
// forms its score byte by byte (each thread walks its own 128-byte row: uncoalesced), one thread
// per head runs the whole softmax serially (max, exponentials and sum, normalise), and one thread
// per (head, column) sums over every position.
#include <cuda_runtime.h>
#include <stdint.h>

__global__ void score_kernel(const float* Q, const int8_t* K, const float* ks, float* P, int H, int S, int D,
                             float scale) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;  // h * S + s
  if (idx >= H * S) return;
  const int h = idx / S;
  const int8_t* row = K + (size_t)idx * D;
  float dot = 0.0f;
  for (int t = 0; t < D; ++t) dot += Q[h * D + t] * ((float)row[t] * ks[idx]);
  P[idx] = dot * scale;
}

__global__ void softmax_kernel(float* P, int H, int S) {
  const int h = blockIdx.x * blockDim.x + threadIdx.x;
  if (h >= H) return;
  float* row = P + (size_t)h * S;
  float m = -INFINITY;
  for (int s = 0; s < S; ++s) m = fmaxf(m, row[s]);
  float sum = 0.0f;
  for (int s = 0; s < S; ++s) {
    const float e = expf(row[s] - m);
    row[s] = e;
    sum += e;
  }
  const float inv = 1.0f / sum;
  for (int s = 0; s < S; ++s) row[s] *= inv;
}

__global__ void output_kernel(const float* P, const int8_t* V, const float* vs, float* O, int H, int S, int D) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;  // h * D + t
  if (idx >= H * D) return;
  const int h = idx / D, t = idx % D;
  float acc = 0.0f;
  for (int s = 0; s < S; ++s) {
    const size_t r = (size_t)h * S + s;
    acc += P[r] * ((float)V[r * D + t] * vs[r]);
  }
  O[idx] = acc;
}

extern "C" void solve(const float* Q, const int8_t* K_int8, const int8_t* V_int8, const float* k_scale,
                      const float* v_scale, float* output, int num_heads, int seq_len, int head_dim) {
  const int H = num_heads, S = seq_len, D = head_dim;
  float* P = nullptr;
  cudaMalloc(&P, sizeof(float) * (size_t)H * S);
  score_kernel<<<(H * S + 255) / 256, 256>>>(Q, K_int8, k_scale, P, H, S, D, 1.0f / sqrtf((float)D));
  softmax_kernel<<<(H + 31) / 32, 32>>>(P, H, S);
  output_kernel<<<(H * D + 255) / 256, 256>>>(P, V_int8, v_scale, output, H, S, D);
  cudaFree(P);
}
