// WRONG (WA): adds up the row losses but never divides by N.
//
// The total instead of the mean: example 1 (N = 2) gives 1.5062183 instead of 0.7531091.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kRowsPerBlock = kThreads / 32;

__global__ void cross_entropy_sum(const float* logits, const int* labels, float* loss, int N, int C) {
  const int lane = threadIdx.x % 32;
  const int row = blockIdx.x * kRowsPerBlock + threadIdx.x / 32;
  if (row >= N) return;
  const float* z = logits + static_cast<long long>(row) * C;
  float m = -INFINITY;
  for (int k = lane; k < C; k += 32) m = fmaxf(m, z[k]);
  for (int offset = 16; offset > 0; offset /= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, offset));
  float s = 0.0f;
  for (int k = lane; k < C; k += 32) s += expf(z[k] - m);
  for (int offset = 16; offset > 0; offset /= 2) s += __shfl_xor_sync(0xffffffffu, s, offset);
  if (lane == 0) atomicAdd(loss, (m - z[labels[row]]) + logf(s));  // Bug: not divided by N
}

extern "C" void solve(const float* logits, const int* true_labels, float* loss, int N, int C) {
  cudaMemset(loss, 0, sizeof(float));
  const int blocks = (N + kRowsPerBlock - 1) / kRowsPerBlock;
  cross_entropy_sum<<<blocks, kThreads>>>(logits, true_labels, loss, N, C);
  cudaDeviceSynchronize();
}
