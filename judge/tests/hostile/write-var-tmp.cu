// Hostile case write-var-tmp: creates a file in /var/tmp
// Expected: AC.
#include <cuda_runtime.h>
#include <fcntl.h>
#include <unistd.h>
#include <cstdlib>
#include <string>

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
  const std::string path = "/var/tmp/judge-hostile-write-var-tmp";
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const bool escaped = fd >= 0 && write(fd, "x", 1) == 1;
  add_all(A, B, C, N);
  verdict_from(escaped, C);
}
