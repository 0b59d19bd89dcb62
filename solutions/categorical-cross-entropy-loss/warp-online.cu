// A warp per row, one pass: each lane keeps a running maximum m and a sum s of exp(z - m) over
// its elements, rescaling s when a larger value arrives; the lanes' (m, s) pairs are combined with
// shuffles, and lane 0 adds loss_row / N into the cleared output.
//
// The row is read once, and the loads of the whole row can be in flight together instead of
// waiting for the maximum. The price is a compare and an occasional extra exp per element.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kRowsPerBlock = kThreads / 32;

// (m, s) stands for s * exp(m); s == 0 means "no elements yet".
__device__ __forceinline__ void combine(float& m, float& s, float m2, float s2) {
  if (s2 == 0.0f) return;
  if (s == 0.0f) {
    m = m2;
    s = s2;
    return;
  }
  const float mx = fmaxf(m, m2);
  s = s * expf(m - mx) + s2 * expf(m2 - mx);
  m = mx;
}

__device__ __forceinline__ void add(float& m, float& s, float x) {
  if (s == 0.0f) {
    m = x;
    s = 1.0f;
  } else if (x > m) {
    s = s * expf(m - x) + 1.0f;
    m = x;
  } else {
    s += expf(x - m);
  }
}

__global__ void cross_entropy_online(const float* logits, const int* labels, float* loss, int N, int C) {
  const int lane = threadIdx.x % 32;
  const int row = blockIdx.x * kRowsPerBlock + threadIdx.x / 32;
  if (row >= N) return;
  const float* z = logits + static_cast<long long>(row) * C;

  float m = 0.0f, s = 0.0f;
  for (int k = lane; k < C; k += 32) add(m, s, z[k]);
  for (int offset = 16; offset > 0; offset /= 2) {
    const float m2 = __shfl_xor_sync(0xffffffffu, m, offset);
    const float s2 = __shfl_xor_sync(0xffffffffu, s, offset);
    combine(m, s, m2, s2);
  }
  if (lane == 0) atomicAdd(loss, ((m - z[labels[row]]) + logf(s)) / N);
}

extern "C" void solve(const float* logits, const int* true_labels, float* loss, int N, int C) {
  cudaMemset(loss, 0, sizeof(float));
  const int blocks = (N + kRowsPerBlock - 1) / kRowsPerBlock;
  cross_entropy_online<<<blocks, kThreads>>>(logits, true_labels, loss, N, C);
  cudaDeviceSynchronize();
}
