// Sequential addressing with the first addition while loading: each block of 256 threads covers
// 512 samples (thread t adds samples t and t + 256 before the tree), and the tree halves the
// active threads with contiguous addresses (no divergence inside warps, no bank conflicts). Half
// the blocks of strided-index, two loads in flight per thread.
#include <cuda_runtime.h>

#define THREADS 256
#define PER_BLOCK (2 * THREADS)
#define SCRATCH_A ((100000000 + PER_BLOCK - 1) / PER_BLOCK)  // block totals of the first pass
#define SCRATCH_B ((SCRATCH_A + PER_BLOCK - 1) / PER_BLOCK)  // and of every later pass

__device__ float scratch_a[SCRATCH_A];
__device__ float scratch_b[SCRATCH_B];

// out[block] = scale * (sum of the block's elements of in[0, n)).
__global__ void first_add_sum(const float* in, float* out, int n, float scale) {
  __shared__ float partial[THREADS];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * PER_BLOCK + tid;
  float v = (i < n) ? in[i] : 0.0f;
  if (i + THREADS < n) v += in[i + THREADS];
  partial[tid] = v;
  __syncthreads();
  for (int stride = THREADS / 2; stride > 0; stride /= 2) {
    if (tid < stride) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = partial[0] * scale;
}

// Pass after pass, each block's total goes to a scratch array and the kernel runs again on it
// (n -> n/PER_BLOCK -> ...), until one block is left: it writes the sum times (b - a) / n_samples.
extern "C" void solve(const float* y_samples, float* result, float a, float b, int n_samples) {
  static float* buffers[2] = {nullptr, nullptr};
  if (buffers[0] == nullptr) {
    cudaGetSymbolAddress(reinterpret_cast<void**>(&buffers[0]), scratch_a);
    cudaGetSymbolAddress(reinterpret_cast<void**>(&buffers[1]), scratch_b);
  }
  const float scale = (float)(((double)b - (double)a) / n_samples);
  // Pass p writes buffers[p % 2]; after the first pass there are at most SCRATCH_B totals, so the
  // two arrays can alternate and a pass never writes the array it reads.
  const float* src = y_samples;
  int n = n_samples;
  for (int pass = 0;; ++pass) {
    const int blocks = (n + PER_BLOCK - 1) / PER_BLOCK;
    float* dst = (blocks == 1) ? result : buffers[pass % 2];
    first_add_sum<<<blocks, THREADS>>>(src, dst, n, blocks == 1 ? scale : 1.0f);
    if (blocks == 1) break;
    src = dst;
    n = blocks;
  }
}
