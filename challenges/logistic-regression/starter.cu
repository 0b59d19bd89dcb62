#include <cuda_runtime.h>

// One thread per sample could compute p = sigmoid(x . beta) and its weight p (1 - p); the
// gradient X^T (p - y) and the Hessian X^T W X are sums over the samples, and each Newton step
// then solves a small linear system.
__global__ void probabilities_kernel(const float* X, const float* y, const float* beta, float* p, int n_samples,
                                     int n_features) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n_samples) {
    // Your turn.
  }
}

// X, y, beta are device pointers.
extern "C" void solve(const float* X, const float* y, float* beta, int n_samples, int n_features) {
  float* p = nullptr;
  cudaMalloc(&p, n_samples * sizeof(float));
  int threadsPerBlock = 256;
  int blocksPerGrid = (n_samples + threadsPerBlock - 1) / threadsPerBlock;
  probabilities_kernel<<<blocksPerGrid, threadsPerBlock>>>(X, y, beta, p, n_samples, n_features);
  cudaDeviceSynchronize();
  cudaFree(p);
}
