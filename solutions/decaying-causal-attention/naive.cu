// Naive, two kernels with 16 x 16 thread blocks and a seq_len x seq_len scratch matrix in global
// memory: one thread per weight (the scaled score times gamma^(n - m) from powf, 0 above the
// diagonal), then one thread per output element summing its row of weights times V's column. The
// masked half is still computed and stored; every thread rereads whole rows from global memory.
#include <cuda_runtime.h>

__global__ void weights_kernel(const float* Q, const float* K, float* W, int N, int d, float scale, float gamma) {
  int m = blockIdx.x * blockDim.x + threadIdx.x;  // key
  int n = blockIdx.y * blockDim.y + threadIdx.y;  // query
  if (n >= N || m >= N) return;
  float acc = 0.0f;
  for (int t = 0; t < d; ++t) acc += Q[(size_t)n * d + t] * K[(size_t)m * d + t];
  W[(size_t)n * N + m] = m <= n ? acc * scale * powf(gamma, (float)(n - m)) : 0.0f;
}

__global__ void output_kernel(const float* W, const float* V, float* O, int N, int d) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;  // column
  int n = blockIdx.y * blockDim.y + threadIdx.y;  // query
  if (n >= N || c >= d) return;
  float acc = 0.0f;
  for (int m = 0; m < N; ++m) acc += W[(size_t)n * N + m] * V[(size_t)m * d + c];
  O[(size_t)n * d + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int seq_len, int d_model,
                      float gamma) {
  const int N = seq_len, d = d_model;
  float* W = nullptr;
  cudaMalloc(&W, sizeof(float) * (size_t)N * N);
  const float scale = 1.0f / sqrtf((float)d);
  dim3 threads(16, 16);
  weights_kernel<<<dim3((N + 15) / 16, (N + 15) / 16), threads>>>(Q, K, W, N, d, scale, gamma);
  output_kernel<<<dim3((d + 15) / 16, (N + 15) / 16), threads>>>(W, V, output, N, d);
  cudaFree(W);
}
