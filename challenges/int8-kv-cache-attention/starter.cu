#include <cuda_runtime.h>
#include <stdint.h>

// One block per head could compute that head's scores over all seq_len positions, their softmax,
// and the weighted sum of the dequantised value rows; each thread could own some positions and,
// later, some output columns.
__global__ void solve_kernel(const float* Q, const int8_t* K_int8, const int8_t* V_int8, const float* k_scale,
                             const float* v_scale, float* output, int num_heads, int seq_len, int head_dim) {
  int h = blockIdx.x;
  if (h < num_heads) {
    // Your turn.
  }
}

// Q, K_int8, V_int8, k_scale, v_scale, output are device pointers.
extern "C" void solve(const float* Q, const int8_t* K_int8, const int8_t* V_int8, const float* k_scale,
                      const float* v_scale, float* output, int num_heads, int seq_len, int head_dim) {
  solve_kernel<<<num_heads, 256>>>(Q, K_int8, V_int8, k_scale, v_scale, output, num_heads, seq_len, head_dim);
  cudaDeviceSynchronize();
}
