// One thread per element of A, the way one would treat a matrix in coordinate (COO) form: a
// thread whose element is nonzero adds A[i][j] * x[j] into y[i] with atomicAdd, after y has been
// cleared with cudaMemsetAsync. Reading A this way is perfectly coalesced, but the 35 million
// atomics of the performance test all land on the few rows being read at the moment, and atomics
// to one address are serialized in L2: they, not the loads, set the pace. (Float atomics also
// make the order of each sum, and so its last bits, change from run to run.)
#include <cuda_runtime.h>

__global__ void spmv_atomic_per_element(const float* A, const float* x, float* y, int M, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;  // M * N <= 10^8 fits in an int
  if (i >= M * N) return;
  const float a = A[i];
  if (a != 0.0f) atomicAdd(&y[i / N], a * x[i % N]);
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N, int nnz) {
  cudaMemsetAsync(y, 0, (size_t)M * sizeof(float));  // y starts as garbage: clear it first
  const int threads = 256;
  const int total = M * N;
  spmv_atomic_per_element<<<(total + threads - 1) / threads, threads>>>(A, x, y, M, N);
  cudaDeviceSynchronize();
}
