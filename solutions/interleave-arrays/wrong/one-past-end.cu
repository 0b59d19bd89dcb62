// WRONG (RTE, "wrote outside"): the bounds check uses <= instead of <.
//
// Thread N (which exists whenever N is not a multiple of the block size, e.g. N = 3) writes the
// pair output[2N] and output[2N + 1], just past the end of output, into the judge's guard zone.
#include <cuda_runtime.h>

__global__ void interleave_kernel(const float* A, const float* B, float* output, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= N) {
    output[2 * i] = A[i];
    output[2 * i + 1] = B[i];
  }
}

extern "C" void solve(const float* A, const float* B, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  interleave_kernel<<<blocks, threads>>>(A, B, output, N);
  cudaDeviceSynchronize();
}
