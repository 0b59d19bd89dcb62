#include <cuda_runtime.h>

// One thread per output k could sum x[n] * e^{-2 pi i k n / N} over all n (a direct DFT);
// a fast transform splits that sum recursively. The body is yours.
__global__ void fft_kernel(const float* signal, float* spectrum, int N) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < N) {
    // Your turn: spectrum[2 * k] (real) and spectrum[2 * k + 1] (imaginary).
  }
}

// signal, spectrum are device pointers (2 * N floats each, real and imaginary interleaved).
extern "C" void solve(const float* signal, float* spectrum, int N) {
  int threadsPerBlock = 256;
  int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
  fft_kernel<<<blocksPerGrid, threadsPerBlock>>>(signal, spectrum, N);
  cudaDeviceSynchronize();
}
