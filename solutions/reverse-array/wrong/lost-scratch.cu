// WRONG (RTE, cudaErrorIllegalAddress): reverses out of place through a scratch buffer that was
// never allocated.
//
// The idea is sound (copy input reversed into scratch, then copy scratch back), but the helper
// that should allocate the scratch buffer declares a local variable with the same name as the
// global pointer, so cudaMalloc fills the local one and the global pointer stays null. The
// first kernel then stores through a null pointer passed as a kernel argument, and the launch
// fails with an illegal memory access.
#include <cuda_runtime.h>

static float* scratch = nullptr;
static int scratch_capacity = 0;

static void ensure_scratch(int n) {
  if (n <= scratch_capacity) return;
  float* scratch = nullptr;  // bug: shadows the global pointer
  cudaMalloc(&scratch, static_cast<size_t>(n) * sizeof(float));
  scratch_capacity = n;
}

__global__ void copy_reversed(const float* from, float* to, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) to[i] = from[N - 1 - i];
}

__global__ void copy_back(const float* from, float* to, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) to[i] = from[i];
}

extern "C" void solve(float* input, int N) {
  ensure_scratch(N);
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  copy_reversed<<<blocks, threads>>>(input, scratch, N);
  copy_back<<<blocks, threads>>>(scratch, input, N);
  cudaDeviceSynchronize();
}
