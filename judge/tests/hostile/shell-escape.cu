// Hostile case shell-escape: system("touch /tmp/..."): the shell runs (it is a system program) but cannot write there
// Expected: AC.
#include <cuda_runtime.h>
#include <cstdlib>
#include <unistd.h>

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
  system("touch /tmp/judge-hostile-shell-escape 2>/dev/null");
  const bool escaped = access("/tmp/judge-hostile-shell-escape", F_OK) == 0;
  add_all(A, B, C, N);
  verdict_from(escaped, C);
}
