#include <cuda_runtime.h>

// One thread could handle one token: find the k largest logits of its row, largest first, write
// their columns and the softmax of those k logits.
__global__ void topk_gating_kernel(const float* logits, float* topk_weights, int* topk_indices, int M, int E, int k) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M) {
    // Your turn.
  }
}

// logits, topk_weights, topk_indices are device pointers.
extern "C" void solve(const float* logits, float* topk_weights, int* topk_indices, int M, int E, int k) {
  const int threads = 256;
  topk_gating_kernel<<<(M + threads - 1) / threads, threads>>>(logits, topk_weights, topk_indices, M, E, k);
}
