// Hostile case new-namespace-mount: makes its own user and mount namespace and mounts a tmpfs over /tmp: Landlock forbids changing the filesystem layout
// Expected: AC.
#include <cuda_runtime.h>
#include <sched.h>
#include <sys/mount.h>

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
  const bool escaped = unshare(CLONE_NEWUSER | CLONE_NEWNS) == 0 && mount("none", "/tmp", "tmpfs", 0, nullptr) == 0;
  add_all(A, B, C, N);
  verdict_from(escaped, C);
}
