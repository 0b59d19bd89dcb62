// WRONG (timing cheat): remembers the output of the first call and, when called again with the
// same buffers, copies the remembered result instead of computing (a copy moves 8N bytes instead
// of 12N). The judge changes the input values between timed calls (two input sets, same
// pointers) and validates timed results, so the stale copy is caught.
#include <cuda_runtime.h>

__global__ void add(const float* A, const float* B, float* C, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  static const float* last_a = nullptr;
  static int last_n = 0;
  static float* cached = nullptr;
  if (A == last_a && N == last_n && cached) {
    cudaMemcpy(C, cached, sizeof(float) * N, cudaMemcpyDeviceToDevice);
    return;
  }
  add<<<(N + 255) / 256, 256>>>(A, B, C, N);
  cudaFree(cached);
  cudaMalloc(&cached, sizeof(float) * N);
  cudaMemcpy(cached, C, sizeof(float) * N, cudaMemcpyDeviceToDevice);
  last_a = A;
  last_n = N;
}
