// One thread per token, k passes over its row in global memory: pass r finds the largest logit
// strictly below the one pass r - 1 found (the k + 1 largest logits of a row are distinct, the
// statement promises, so "strictly below" steps through them one by one). Each pass rereads the
// whole row, and neighbouring threads read addresses E floats apart: nothing is coalesced.
#include <cuda_runtime.h>
#include <math.h>

__global__ void gating_naive(const float* logits, float* topk_weights, int* topk_indices, int M, int E, int k) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M) return;
  const float* x = logits + (size_t)row * E;
  float* w = topk_weights + (size_t)row * k;
  int* idx = topk_indices + (size_t)row * k;
  float prev = INFINITY, top = 0.0f, sum = 0.0f;
  for (int r = 0; r < k; ++r) {
    float best = -INFINITY;
    int bi = -1;
    for (int j = 0; j < E; ++j) {
      const float v = x[j];
      if (v < prev && (bi < 0 || v > best)) {
        best = v;
        bi = j;
      }
    }
    idx[r] = bi;
    w[r] = best;  // the logit for now; turned into its weight below
    if (r == 0) top = best;
    sum += expf(best - top);
    prev = best;
  }
  for (int r = 0; r < k; ++r) w[r] = expf(w[r] - top) / sum;
}

extern "C" void solve(const float* logits, float* topk_weights, int* topk_indices, int M, int E, int k) {
  gating_naive<<<(M + 255) / 256, 256>>>(logits, topk_weights, topk_indices, M, E, k);
}
