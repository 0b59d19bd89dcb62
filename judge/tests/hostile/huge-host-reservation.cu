// Hostile case huge-host-reservation: reserves host memory 1 GiB at a time, up to 4 TiB: RLIMIT_AS must stop it well before that
// Expected: AC.
#include <cuda_runtime.h>
#include <cstdlib>
#include <vector>

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
  std::vector<void*> blocks;
  for (int i = 0; i < 4096; ++i) {
    void* p = malloc(std::size_t{1} << 30);
    if (!p) break;
    blocks.push_back(p);
  }
  const bool unbounded = blocks.size() >= 1024;
  for (void* p : blocks) free(p);
  add_all(A, B, C, N);
  verdict_from(unbounded, C);
}
