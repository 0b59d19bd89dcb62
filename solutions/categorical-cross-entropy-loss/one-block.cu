// One block: a single block of 1024 threads walks the rows one after another. For each row the
// threads keep a running maximum and a rescaled sum of exponentials over their elements, the
// block combines them (warp shuffles, shared memory, shuffles again in warp 0), and thread 0 adds
// the row's loss to a double total; at the end thread 0 writes the mean.
//
// Every row costs two barriers and a full DRAM round trip with one SM in use: the slowest rung.
#include <cuda_runtime.h>

constexpr int kThreads = 1024;
constexpr int kWarps = kThreads / 32;

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

__global__ void cross_entropy_one_block(const float* logits, const int* labels, float* loss, int N, int C) {
  __shared__ float warp_m[kWarps];
  __shared__ float warp_s[kWarps];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  double total = 0.0;  // used by thread 0 only

  for (int row = 0; row < N; ++row) {
    const float* z = logits + static_cast<long long>(row) * C;
    const float z_label = (threadIdx.x == 0) ? z[labels[row]] : 0.0f;  // loaded early, used at the end
    float m = 0.0f, s = 0.0f;
    for (int k = threadIdx.x; k < C; k += blockDim.x) {
      const float x = z[k];
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
    for (int offset = 16; offset > 0; offset /= 2) {
      const float m2 = __shfl_xor_sync(0xffffffffu, m, offset);
      const float s2 = __shfl_xor_sync(0xffffffffu, s, offset);
      combine(m, s, m2, s2);
    }
    if (lane == 0) {
      warp_m[warp] = m;
      warp_s[warp] = s;
    }
    __syncthreads();
    if (warp == 0) {
      m = warp_m[lane];
      s = warp_s[lane];
      for (int offset = 16; offset > 0; offset /= 2) {
        const float m2 = __shfl_xor_sync(0xffffffffu, m, offset);
        const float s2 = __shfl_xor_sync(0xffffffffu, s, offset);
        combine(m, s, m2, s2);
      }
      if (lane == 0) total += static_cast<double>((m - z_label) + logf(s));
    }
    __syncthreads();  // warp_m / warp_s are reused by the next row
  }
  if (threadIdx.x == 0) loss[0] = static_cast<float>(total / N);
}

extern "C" void solve(const float* logits, const int* true_labels, float* loss, int N, int C) {
  cross_entropy_one_block<<<1, kThreads>>>(logits, true_labels, loss, N, C);
  cudaDeviceSynchronize();
}
