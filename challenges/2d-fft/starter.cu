#include <cuda_runtime.h>

// The 2-D DFT is separable: a 1-D DFT of every row, then of every column. One thread could
// compute one output (m, n); the transform is yours.
__global__ void fft2d_kernel(const float* signal, float* spectrum, int M, int N) {
  int n = blockIdx.x * blockDim.x + threadIdx.x;
  int m = blockIdx.y;
  if (m < M && n < N) {
    // Your turn: spectrum[2 * (m * N + n)] (real) and spectrum[2 * (m * N + n) + 1] (imaginary).
  }
}

// signal, spectrum are device pointers (2 * M * N floats each, real and imaginary interleaved).
extern "C" void solve(const float* signal, float* spectrum, int M, int N) {
  dim3 threadsPerBlock(256);
  dim3 blocksPerGrid((N + 255) / 256, M);
  fft2d_kernel<<<blocksPerGrid, threadsPerBlock>>>(signal, spectrum, M, N);
  cudaDeviceSynchronize();
}
