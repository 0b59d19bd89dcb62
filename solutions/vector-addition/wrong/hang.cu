// WRONG (TLE): a home-made grid barrier with an off-by-one target, so it never opens.
//
// Every block writes its sums, bumps a global arrival counter and then waits until the counter
// reaches gridDim.x + 1 -- one more block than exists. The wait spins on a volatile read, so
// the compiler keeps the loop, and the kernel never finishes. The judge kills the run at the
// time limit.
#include <cuda_runtime.h>

__device__ unsigned int g_arrived = 0;

__global__ void vector_add_then_wait(const float* A, const float* B, float* C, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(&g_arrived, 1u);
    const volatile unsigned int* arrived = &g_arrived;
    while (*arrived < gridDim.x + 1) {
    }
  }
  __syncthreads();
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  vector_add_then_wait<<<blocks, threads>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
