// Chunked (uncoalesced): 65,536 threads, each clipping one contiguous chunk of about N / 65,536
// elements from its start to its end.
//
// Natural on a CPU, poor on a GPU: at every step the 32 threads of a warp touch 32 addresses a
// chunk apart, 32 different cache lines per load instead of one. The lines are reused from L1 on
// the next steps, so DRAM traffic stays normal, but the load/store unit does 32 times the work.
#include <cuda_runtime.h>

constexpr int kBlocks = 256;
constexpr int kThreads = 256;

__global__ void clip_chunked(const float* input, float* output, float lo, float hi, int N, int chunk) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int begin = t * chunk;  // at most 65,535 * 1,526 for N <= 1e8: fits in an int
  const int end = min(begin + chunk, N);
  for (int i = begin; i < end; ++i) output[i] = fminf(fmaxf(input[i], lo), hi);
}

extern "C" void solve(const float* input, float* output, float lo, float hi, int N) {
  const int threads = kBlocks * kThreads;
  const int chunk = (N + threads - 1) / threads;  // >= 1; the last threads may get nothing
  clip_chunked<<<kBlocks, kThreads>>>(input, output, lo, hi, N, chunk);
  cudaDeviceSynchronize();
}
