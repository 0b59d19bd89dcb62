// Construct: `extern __shared__` with the size given at launch. Block b swaps the b-th segment
// of the first half with its mirror image in the second half, staging both in shared memory.
// Host: reverse-array (in place).
#include <cuda_runtime.h>

__global__ void swap_mirrored(float* data, int N) {
  extern __shared__ float staged[];  // [front segment | back segment]
  float* front = staged;
  float* back = staged + blockDim.x;
  const int half = N / 2;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < half) {
    front[threadIdx.x] = data[i];
    back[threadIdx.x] = data[N - 1 - i];
  }
  __syncthreads();
  if (i < half) {
    data[i] = back[threadIdx.x];
    data[N - 1 - i] = front[threadIdx.x];
  }
}

extern "C" void solve(float* input, int N) {
  const int threads = 256;
  const int half = N / 2;
  if (half == 0) return;  // one element: already reversed
  swap_mirrored<<<(half + threads - 1) / threads, threads, 2 * threads * sizeof(float)>>>(input, N);
  cudaDeviceSynchronize();
}
