// WRONG (TLE): a correct naive product followed by a home-made grid barrier that never opens.
//
// After storing its elements of C, every block bumps a global arrival counter and waits until
// the counter reaches the number of blocks -- plus one, a block that does not exist. The wait
// spins on a volatile read, so the compiler must keep the loop; the kernel never finishes and
// the judge stops the run at the time limit (example 1 already hangs: it has one block).
#include <cuda_runtime.h>

__device__ unsigned int g_done = 0;

__global__ void matmul_then_wait(const float* A, const float* B, float* C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M && col < K) {
    float sum = 0.0f;
    for (int t = 0; t < N; ++t) sum += A[(size_t)row * N + t] * B[(size_t)t * K + col];
    C[(size_t)row * K + col] = sum;
  }
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    atomicAdd(&g_done, 1u);
    const volatile unsigned int* done = &g_done;
    while (*done < gridDim.x * gridDim.y + 1) {
    }
  }
  __syncthreads();
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K) {
  dim3 threads(16, 16);
  dim3 blocks((K + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y);
  matmul_then_wait<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
