// Vectorized: treat the N x N matrix as one flat array of N * N floats and copy one float4
// (16 bytes) per thread, with a scalar tail.
//
// The rows of a row-major matrix are contiguous, so a copy does not need 2-D indexing at all.
// One 16-byte load and store per thread means a quarter of the memory instructions and threads
// of the naive kernel. The buffers start on 256-byte boundaries, so the float4 view is
// aligned; when N * N is not a multiple of 4 (N odd), the last 1 to 3 elements are copied one
// by one by the first threads of the grid.
#include <cuda_runtime.h>

__global__ void copy_vec4(const float* A, float* B, size_t total) {
  const size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  const size_t n4 = total / 4;
  if (i < n4) reinterpret_cast<float4*>(B)[i] = reinterpret_cast<const float4*>(A)[i];
  const size_t tail = total - n4 * 4;
  if (i < tail) B[n4 * 4 + i] = A[n4 * 4 + i];
}

extern "C" void solve(const float* A, float* B, int N) {
  const size_t total = (size_t)N * N;
  const size_t n4 = total / 4;
  const size_t items = n4 > 0 ? n4 : 1;  // at least one block, for N * N < 4
  const int threads = 256;
  const unsigned blocks = (unsigned)((items + threads - 1) / threads);
  copy_vec4<<<blocks, threads>>>(A, B, total);
  cudaDeviceSynchronize();
}
