// Hostile case raise-limits: tries to raise its hard limits (processes, address space) back to unlimited
// Expected: AC.
#include <cuda_runtime.h>
#include <sys/resource.h>

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
  rlimit r{RLIM_INFINITY, RLIM_INFINITY};
  rlimit as{};
  getrlimit(RLIMIT_AS, &as);
  const bool escaped = as.rlim_max != RLIM_INFINITY && setrlimit(RLIMIT_AS, &r) == 0;
  add_all(A, B, C, N);
  verdict_from(escaped, C);
}
