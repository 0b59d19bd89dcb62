// WRONG (RTE, "wrote outside"): one thread per row with the guard `row > M` instead of `row >= M`.
// Thread M survives, sums a "row" that starts just past the end of A (its reads land in the
// judge's guard zone, which the judge does not flag) and stores it to y[M], one element past the
// end of y: in example 1 (M = 3) that is y[3].
#include <cuda_runtime.h>

__global__ void spmv_one_past_end(const float* A, const float* x, float* y, int M, int N) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row > M) return;  // bug: lets row == M through
  const float* a = A + (size_t)row * N;
  float sum = 0.0f;
  for (int j = 0; j < N; ++j) sum += a[j] * x[j];
  y[row] = sum;
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N, int nnz) {
  const int threads = 256;
  spmv_one_past_end<<<(M + threads) / threads, threads>>>(A, x, y, M, N);
  cudaDeviceSynchronize();
}
