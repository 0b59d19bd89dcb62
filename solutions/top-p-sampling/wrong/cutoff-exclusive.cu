// WRONG (WA): serial.cu with a nucleus that stops before the token that makes the sum reach p
// (the sum must stay below p), instead of including it. In example 1 the nucleus becomes token 1
// alone (0.6364 < 0.8, adding token 2 would reach it), S = 0.6364, t = 0.5728: token 1, not 2.
#include <cuda_runtime.h>
#include <math.h>

// The token that follows (prev_l, prev_j) in the order: logit descending, index ascending.
__device__ int next_token(const float* logits, int V, float prev_l, int prev_j) {
  float best = -INFINITY;
  int bj = -1;
  for (int j = 0; j < V; ++j) {
    const float l = logits[j];
    const bool after = l < prev_l || (l == prev_l && j > prev_j);
    if (after && (bj < 0 || l > best)) {
      best = l;
      bj = j;
    }
  }
  return bj;
}

__global__ void top_p_serial(const float* logits, const float* p, const float* u, int* sampled_token, int V) {
  float mx = -INFINITY;
  for (int j = 0; j < V; ++j) mx = fmaxf(mx, logits[j]);
  float z = 0.0f;
  for (int j = 0; j < V; ++j) z += expf(logits[j] - mx);
  const float pp = *p;

  float prev_l = INFINITY, c = 0.0f;
  int prev_j = -1, n = 0;
  while (n < V) {
    const int j = next_token(logits, V, prev_l, prev_j);
    const float q = expf(logits[j] - mx) / z;
    if (n > 0 && c + q >= pp) break;  // wrong: the token that reaches p belongs to the nucleus
    c += q;
    ++n;
    prev_l = logits[j];
    prev_j = j;
  }
  const float t = *u * c;  // c is the nucleus's mass S

  prev_l = INFINITY;
  prev_j = -1;
  c = 0.0f;
  for (int i = 0; i < n; ++i) {
    const int j = next_token(logits, V, prev_l, prev_j);
    c += expf(logits[j] - mx) / z;
    if (c > t || i == n - 1) {
      *sampled_token = j;
      return;
    }
    prev_l = logits[j];
    prev_j = j;
  }
}

extern "C" void solve(const float* logits, const float* p, const float* u, int* sampled_token, int vocab_size) {
  top_p_serial<<<1, 1>>>(logits, p, u, sampled_token, vocab_size);
}
