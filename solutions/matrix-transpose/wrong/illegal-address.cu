// WRONG (RTE, "cudaErrorIllegalAddress"): a wild store, 4 GiB past the output buffer.
//
// Stands in for any corrupted index (a stale debug offset, a byte/element mix-up at scale):
// the element index is off by 2^30 floats, far beyond every allocation, so the store faults
// instead of landing in a guard zone. The kernel is aborted and the CUDA context becomes
// unusable, which the judge reports as a run-time error naming the CUDA error.
#include <cuda_runtime.h>

__global__ void transpose_wild(const float* input, float* output, int rows, int cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) {
    const size_t index = static_cast<size_t>(col) * rows + row + (static_cast<size_t>(1) << 30);
    output[index] = input[row * cols + col];
  }
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(16, 16);
  const dim3 blocks((cols + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);
  transpose_wild<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
