#include <cuda_runtime.h>

// One thread per (batch, channel) could run the recurrence over t, keeping the d_state values of
// h; the scan is yours.
__global__ void ssm_kernel(const float* u, const float* delta, const float* A, const float* B, const float* C,
                           const float* skip, float* y, int batch, int seq_len, int d_model, int d_state) {
  int item = blockIdx.x * blockDim.x + threadIdx.x;
  if (item < batch * d_model) {
    // Your turn: for t = 0 .. seq_len - 1, update h and write y[(b * seq_len + t) * d_model + d].
  }
}

// u, delta, A, B, C, skip, y are device pointers.
extern "C" void solve(const float* u, const float* delta, const float* A, const float* B, const float* C,
                      const float* skip, float* y, int batch, int seq_len, int d_model, int d_state) {
  int threadsPerBlock = 256;
  int blocksPerGrid = (batch * d_model + threadsPerBlock - 1) / threadsPerBlock;
  ssm_kernel<<<blocksPerGrid, threadsPerBlock>>>(u, delta, A, B, C, skip, y, batch, seq_len, d_model, d_state);
  cudaDeviceSynchronize();
}
