#include <cuda_runtime.h>

// One thread could do it all: softmax, walk the tokens from the most likely down until the sum
// reaches p, turn the seed into a uniform number u (any hash), then walk again until the sum
// passes u times the nucleus's mass. Then make it parallel.
__global__ void top_p_kernel(const float* logits, const float* p, const int* seed, int* sampled_token, int vocab_size) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    // Your turn.
  }
}

// logits, p, seed, sampled_token are device pointers.
extern "C" void solve(const float* logits, const float* p, const int* seed, int* sampled_token, int vocab_size) {
  top_p_kernel<<<1, 1>>>(logits, p, seed, sampled_token, vocab_size);
}
