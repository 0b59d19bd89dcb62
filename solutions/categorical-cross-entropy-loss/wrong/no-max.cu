// WRONG (WA): log(sum of exp(z)) computed directly, without subtracting the row maximum.
//
// Fine for logits bounded by 10, as on LeetGPU, but expf overflows to infinity above about 88.7:
// in example 2 (logits around 100) the sum is infinite and so is the loss.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kRowsPerBlock = kThreads / 32;

__global__ void cross_entropy_unstable(const float* logits, const int* labels, float* loss, int N, int C) {
  const int lane = threadIdx.x % 32;
  const int row = blockIdx.x * kRowsPerBlock + threadIdx.x / 32;
  if (row >= N) return;
  const float* z = logits + static_cast<long long>(row) * C;
  float s = 0.0f;
  for (int k = lane; k < C; k += 32) s += expf(z[k]);  // Bug: no maximum subtracted
  for (int offset = 16; offset > 0; offset /= 2) s += __shfl_xor_sync(0xffffffffu, s, offset);
  if (lane == 0) atomicAdd(loss, (logf(s) - z[labels[row]]) / N);
}

extern "C" void solve(const float* logits, const int* true_labels, float* loss, int N, int C) {
  cudaMemset(loss, 0, sizeof(float));
  const int blocks = (N + kRowsPerBlock - 1) / kRowsPerBlock;
  cross_entropy_unstable<<<blocks, kThreads>>>(logits, true_labels, loss, N, C);
  cudaDeviceSynchronize();
}
