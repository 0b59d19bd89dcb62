// WRONG (WA, reads the output before writing it): atomicAdd of every row's loss / N into loss
// without clearing it first.
//
// loss starts as the judge's fill pattern, a NaN, and NaN plus anything stays NaN (example 1).
// With an output that starts at zero, as LeetGPU's often does, it would pass; the judge's report
// says so.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kRowsPerBlock = kThreads / 32;

__global__ void cross_entropy_warp(const float* logits, const int* labels, float* loss, int N, int C) {
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
  if (lane == 0) atomicAdd(loss, ((m - z[labels[row]]) + logf(s)) / N);
}

extern "C" void solve(const float* logits, const int* true_labels, float* loss, int N, int C) {
  // Bug: missing cudaMemset(loss, 0, sizeof(float)).
  const int blocks = (N + kRowsPerBlock - 1) / kRowsPerBlock;
  cross_entropy_warp<<<blocks, kThreads>>>(logits, true_labels, loss, N, C);
  cudaDeviceSynchronize();
}
