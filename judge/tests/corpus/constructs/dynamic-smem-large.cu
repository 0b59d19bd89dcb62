// Construct: dynamic shared memory above the 48 KiB default, opted in with
// cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize). Each block stages a 64 KiB
// tile of the input in shared memory and sums it. Host: reduction.
#include <cuda_runtime.h>

static const int kThreads = 512;
static const int kTileFloats = 16384;  // 64 KiB
static const int kTileBytes = kTileFloats * sizeof(float);

__global__ void tile_sums(const float* input, float* output, int N) {
  extern __shared__ float tile[];
  __shared__ float partial[kThreads];
  const long long base = static_cast<long long>(blockIdx.x) * kTileFloats;
  for (int k = threadIdx.x; k < kTileFloats; k += kThreads) {
    const long long i = base + k;
    tile[k] = i < N ? input[i] : 0.0f;
  }
  __syncthreads();
  float s = 0.0f;
  for (int k = threadIdx.x; k < kTileFloats; k += kThreads) s += tile[k];
  partial[threadIdx.x] = s;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(output, partial[0]);
}

extern "C" void solve(const float* input, float* output, int N) {
  cudaFuncSetAttribute(tile_sums, cudaFuncAttributeMaxDynamicSharedMemorySize, kTileBytes);
  cudaMemset(output, 0, sizeof(float));
  const int blocks = (N + kTileFloats - 1) / kTileFloats;
  tile_sums<<<blocks, kThreads, kTileBytes>>>(input, output, N);
  cudaDeviceSynchronize();
}
