// A block of 1024 threads per row, partial sums combined by a shared-memory tree (ten halving
// steps, each behind __syncthreads). At the performance size a thread loads only about 10 floats
// of its row before the whole block stops for the tree, so the reduction, not the loads, sets
// the pace.
#include <cuda_runtime.h>

#define THREADS 1024

__global__ void spmv_block_per_row_1024(const float* A, const float* x, float* y, int M, int N) {
  __shared__ float partial[THREADS];
  const float* a = A + (size_t)blockIdx.x * N;
  float sum = 0.0f;
  for (int j = threadIdx.x; j < N; j += THREADS) sum += a[j] * x[j];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = THREADS / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) y[blockIdx.x] = partial[0];
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N, int nnz) {
  spmv_block_per_row_1024<<<M, THREADS>>>(A, x, y, M, N);
  cudaDeviceSynchronize();
}
