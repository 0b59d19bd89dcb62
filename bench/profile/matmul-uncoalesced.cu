// A deliberately uncoalesced matrix multiplication, for `judge run --profile` (docs/profile.md).
//
// Like solutions/matrix-multiplication/naive.cu, one thread per element of C, but threadIdx.x
// runs along the ROWS of C: the 32 threads of a warp read 32 elements of A that are N floats
// apart and write 32 elements of C that are K floats apart, so every load of A and every store
// of C is split into 32 separate memory transactions. It is correct (accepted), only slow, and
// Nsight Compute's uncoalesced-access finding should name it.
#include <cuda_runtime.h>

__global__ void matmul_rows_in_x(const float* A, const float* B, float* C, int M, int N, int K) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  const int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= K) return;
  float sum = 0.0f;
  for (int t = 0; t < N; ++t) sum += A[(size_t)row * N + t] * B[(size_t)t * K + col];
  C[(size_t)row * K + col] = sum;
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N, int K) {
  dim3 threads(32, 8);
  dim3 blocks((M + threads.x - 1) / threads.x, (K + threads.y - 1) / threads.y);
  matmul_rows_in_x<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
