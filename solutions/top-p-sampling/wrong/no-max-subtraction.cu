// WRONG (WA): bisection.cu without subtracting the largest logit before exp. In test full-range
// (logits up to 100) expf overflows to inf: the sums become inf, the draw t = u * S is inf, no
// mass exceeds it in the second search, and the token written is no token at all (INT_MAX).
#include <cuda_runtime.h>
#include <math.h>
#include <climits>

// The seed made into the uniform number u in [0, 1) the draw uses: one splitmix64 step, its top
// 24 bits (any hash would do: the judge checks only that the token is in the nucleus).
__device__ float uniform_from_seed(int seed) {
  unsigned long long z = (unsigned long long)(unsigned)seed + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return (float)(z >> 40) * (1.0f / 16777216.0f);
}

#define THREADS 1024

__device__ __forceinline__ unsigned order_key(float x) {
  const unsigned b = __float_as_uint(x);
  return (b & 0x80000000u) ? ~b : (b | 0x80000000u);
}
__device__ __forceinline__ float key_value(unsigned k) {
  return __uint_as_float((k & 0x80000000u) ? (k & 0x7fffffffu) : ~k);
}

__device__ float block_reduce(float v, bool is_max, float* sh) {
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  for (int off = 16; off > 0; off /= 2) {
    const float o = __shfl_xor_sync(0xffffffffu, v, off);
    v = is_max ? fmaxf(v, o) : v + o;
  }
  if (lane == 0) sh[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = sh[lane];
    for (int off = 16; off > 0; off /= 2) {
      const float o = __shfl_xor_sync(0xffffffffu, v, off);
      v = is_max ? fmaxf(v, o) : v + o;
    }
    if (lane == 0) sh[0] = v;
  }
  __syncthreads();
  const float r = sh[0];
  __syncthreads();
  return r;
}

// Unnormalised mass of the tokens with key >= lo (and <= hi).
__device__ float mass_between(const float* logits, int V, float mx, unsigned lo, unsigned hi, float* sh) {
  float s = 0.0f;
  for (int j = threadIdx.x; j < V; j += THREADS) {
    const float l = logits[j];
    const unsigned k = order_key(l);
    if (k >= lo && k <= hi) s += expf(l);  // wrong: no max subtraction
  }
  return block_reduce(s, false, sh);
}

// The largest key K with mass(K) >= thr (strict: > thr). Needs mass(0) = total to pass.
__device__ unsigned search(const float* logits, int V, float mx, float thr, bool strict, float* sh) {
  unsigned k = 0;
  for (int b = 31; b >= 0; --b) {
    const unsigned cand = k | (1u << b);
    const float m = mass_between(logits, V, mx, cand, 0xffffffffu, sh);
    if (strict ? m > thr : m >= thr) k = cand;
  }
  return k;
}

__global__ void __launch_bounds__(THREADS)
    top_p_bisect(const float* logits, const float* p, const int* seed, int* sampled_token, int V) {
  __shared__ float sh[32];
  __shared__ int shi[32];
  float mx = -INFINITY;
  for (int j = threadIdx.x; j < V; j += THREADS) mx = fmaxf(mx, logits[j]);
  mx = block_reduce(mx, true, sh);
  float z = 0.0f;
  for (int j = threadIdx.x; j < V; j += THREADS) z += expf(logits[j]);
  z = block_reduce(z, false, sh);
  const float pz = *p * z;  // compare unnormalised masses with p * z

  float s_mass = z;  // the nucleus's mass S (unnormalised): every token when even z falls short of p * z
  if (z >= pz) {
    const unsigned kc = search(logits, V, mx, pz, false, sh);
    // Tokens with the cutoff's logit are tied: take just as many of them as reaching p needs.
    const float above = kc == 0xffffffffu ? 0.0f : mass_between(logits, V, mx, kc + 1, 0xffffffffu, sh);
    float count = 0.0f;
    for (int j = threadIdx.x; j < V; j += THREADS) count += order_key(logits[j]) == kc ? 1.0f : 0.0f;
    count = block_reduce(count, false, sh);
    if (count > 0.0f) {
      const float tie = expf(key_value(kc));
      const float need = fminf(fmaxf(ceilf((pz - above) / tie), 1.0f), count);
      s_mass = above + need * tie;
    } else {
      s_mass = above;  // p = 1 and the sums fell just short of z: every token
    }
  }
  const float t = uniform_from_seed(*seed) * s_mass;
  const unsigned ks = search(logits, V, mx, t, true, sh);

  // The sampled token: the lowest index with key ks (tokens of equal key are equally right).
  int best = INT_MAX;
  for (int j = threadIdx.x; j < V; j += THREADS)
    if (order_key(logits[j]) == ks) best = min(best, j);
  for (int off = 16; off > 0; off /= 2) best = min(best, __shfl_xor_sync(0xffffffffu, best, off));
  if (threadIdx.x % 32 == 0) shi[threadIdx.x / 32] = best;
  __syncthreads();
  if (threadIdx.x < 32) {
    best = shi[threadIdx.x];
    for (int off = 16; off > 0; off /= 2) best = min(best, __shfl_xor_sync(0xffffffffu, best, off));
    if (threadIdx.x == 0) *sampled_token = best;
  }
}

extern "C" void solve(const float* logits, const float* p, const int* seed, int* sampled_token, int vocab_size) {
  top_p_bisect<<<1, THREADS>>>(logits, p, seed, sampled_token, vocab_size);
}
