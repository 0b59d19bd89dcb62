#include <cuda_runtime.h>

// The estimate is (b - a) times the mean of the samples: the work is summing n_samples floats in
// parallel. One thread could add up a slice of them; combining the slices is yours.
__global__ void monte_carlo_kernel(const float* y_samples, float* result, float a, float b, int n_samples) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n_samples) {
    // Your turn.
  }
}

// y_samples, result are device pointers.
extern "C" void solve(const float* y_samples, float* result, float a, float b, int n_samples) {
  int threadsPerBlock = 256;
  int blocksPerGrid = (n_samples + threadsPerBlock - 1) / threadsPerBlock;
  monte_carlo_kernel<<<blocksPerGrid, threadsPerBlock>>>(y_samples, result, a, b, n_samples);
  cudaDeviceSynchronize();
}
