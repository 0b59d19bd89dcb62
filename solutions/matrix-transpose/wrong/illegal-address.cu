// WRONG (RTE, "cudaErrorIllegalAddress"): writes through a device pointer that was never
// allocated.
//
// The solution transposes into a scratch buffer and then copies that to output, growing the
// scratch buffer whenever a larger matrix arrives. The growth test is inverted (n < capacity
// instead of n > capacity), so on the first call nothing is allocated and the first kernel
// stores through a null device pointer. Address 0 is never mapped, so the kernel faults and
// the CUDA context is lost: the judge reports a run-time error naming the CUDA error.
#include <cuda_runtime.h>

static float* g_scratch = nullptr;
static size_t g_capacity = 0;

__global__ void transpose_to(const float* input, float* dst, int rows, int cols) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) dst[col * rows + row] = input[row * cols + col];
}

__global__ void copy_back(const float* src, float* dst, size_t n) {
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = src[i];
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const size_t n = static_cast<size_t>(rows) * cols;
  if (n < g_capacity) {  // bug: should be n > g_capacity
    cudaFree(g_scratch);
    cudaMalloc(&g_scratch, n * sizeof(float));
    g_capacity = n;
  }
  const dim3 threads(16, 16);
  const dim3 blocks((cols + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);
  transpose_to<<<blocks, threads>>>(input, g_scratch, rows, cols);
  copy_back<<<static_cast<unsigned int>((n + 255) / 256), 256>>>(g_scratch, output, n);
  cudaDeviceSynchronize();
}
