// WRONG (RTE, wrote outside): one thread per row with the guard `row > M` instead of `row >= M`,
// so thread M also runs: it reads a row past the end of A (harmless here, it lands in the judge's
// guard zone) and stores y[M], one element past the end of y. Example 1 (M = 2) writes y[2].
#include <cuda_runtime.h>

__global__ void gemv_off_by_one(const float* A, const float* x, float* y, int M, int N) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row > M) return;  // bug: lets row == M through
  const float* a = A + (size_t)row * N;
  float sum = 0.0f;
  for (int j = 0; j < N; ++j) sum += a[j] * x[j];
  y[row] = sum;
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N) {
  const int threads = 256;
  gemv_off_by_one<<<(M + threads - 1) / threads, threads>>>(A, x, y, M, N);
  cudaDeviceSynchronize();
}
