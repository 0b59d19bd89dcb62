// Wrong: each kept value takes the next free slot with an atomicAdd on a counter, so the kept values
// land in the order the threads get there, not in input order (and the counter is reset with a
// memset, the zeros are written after it). Right for a single warp; with thousands of blocks
// (mostly-kept-1000003, half-4000037) the order is scrambled.
#include <cuda_runtime.h>

static int* counter = nullptr;

__global__ void append(const float* A, int N, float* out, int* counter) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < N && A[i] > 0.0f) out[atomicAdd(counter, 1)] = A[i];
}

__global__ void zero_tail(float* out, int N, const int* counter) {
  const long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (i < N && i >= *counter) out[i] = 0.0f;
}

extern "C" void solve(const float* A, int N, float* out) {
  if (counter == nullptr && cudaMalloc(&counter, sizeof(int)) != cudaSuccess) {
    counter = nullptr;
    return;
  }
  cudaMemsetAsync(counter, 0, sizeof(int));
  append<<<(N + 255) / 256, 256>>>(A, N, out, counter);
  zero_tail<<<(N + 255) / 256, 256>>>(out, N, counter);
  cudaDeviceSynchronize();
}
