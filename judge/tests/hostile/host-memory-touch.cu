// Hostile case host-memory-touch: allocates and touches 2 GiB of host memory: a moderate amount stays allowed
// Expected: AC.
#include <cuda_runtime.h>
#include <cstdlib>
#include <cstring>

__global__ void add(const float* A, const float* B, float* C, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
}
// Turns the answer wrong: a WA verdict then says the hostile action got through.
__global__ void spoil(float* C) { C[0] += 1.0f; }
static void add_all(const float* A, const float* B, float* C, int N) {
  add<<<(N + 255) / 256, 256>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
static void verdict_from(bool escaped, float* C) {
  if (escaped) spoil<<<1, 1>>>(C);
  cudaDeviceSynchronize();
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  const std::size_t bytes = std::size_t{2} << 30;
  char* p = static_cast<char*>(malloc(bytes));
  if (p) memset(p, 1, bytes);
  free(p);
  add_all(A, B, C, N);
}
