// Accepted on LeetGPU, kept as a test: log(sum of exp(z)) computed directly, without subtracting
// the row maximum. Exact enough for the statement's logits (|z| <= 10: the sum is at most
// 1,000 * e^10, far from float's limits), though expf would overflow above about 88.7; tests with
// logits of 100 and more (which this challenge once had) rejected it.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kRowsPerBlock = kThreads / 32;

__global__ void cross_entropy_unstable(const float* logits, const int* labels, float* loss, int N, int C) {
  const int lane = threadIdx.x % 32;
  const int row = blockIdx.x * kRowsPerBlock + threadIdx.x / 32;
  if (row >= N) return;
  const float* z = logits + static_cast<long long>(row) * C;
  float s = 0.0f;
  for (int k = lane; k < C; k += 32) s += expf(z[k]);  // no maximum subtracted: |z| <= 10
  for (int offset = 16; offset > 0; offset /= 2) s += __shfl_xor_sync(0xffffffffu, s, offset);
  if (lane == 0) atomicAdd(loss, (logf(s) - z[labels[row]]) / N);
}

extern "C" void solve(const float* logits, const int* true_labels, float* loss, int N, int C) {
  cudaMemset(loss, 0, sizeof(float));
  const int blocks = (N + kRowsPerBlock - 1) / kRowsPerBlock;
  cross_entropy_unstable<<<blocks, kThreads>>>(logits, true_labels, loss, N, C);
  cudaDeviceSynchronize();
}
