// WRONG (RTE, "wrote outside"): the bounds check uses <= instead of <.
//
// Thread N (which exists whenever N is not a multiple of the block size, e.g. N = 4) stores
// C[N], one element past the end of C. On a real GPU that silently corrupts a neighbouring
// allocation; the judge surrounds every buffer with a guard zone and reports the write.
#include <cuda_runtime.h>

__global__ void vector_add(const float* A, const float* B, float* C, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= N) C[i] = A[i] + B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  vector_add<<<blocks, threads>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
