// WRONG (WA): the true class's logit is read as logits[label], forgetting the row's offset.
//
// The log-sum-exp of each row is right, but every row subtracts a logit of row 0. Example 1:
// row 1 (label 2) subtracts logits[2] = 0 instead of 3, so its loss is 3.4076 instead of 0.4076.
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
  if (lane == 0) atomicAdd(loss, ((m - logits[labels[row]]) + logf(s)) / N);  // Bug: z[labels[row]]
}

extern "C" void solve(const float* logits, const int* true_labels, float* loss, int N, int C) {
  cudaMemset(loss, 0, sizeof(float));
  const int blocks = (N + kRowsPerBlock - 1) / kRowsPerBlock;
  cross_entropy_warp<<<blocks, kThreads>>>(logits, true_labels, loss, N, C);
  cudaDeviceSynchronize();
}
