// subwarp-float4.cu's groups and loads, without the k rounds for small k: each lane sorts its own
// 8 logits into a top-K list in registers (K = 2 or 4, k <= K), then the group merges lists in a
// butterfly: at each step two lanes swap lists and keep the best K of both (a bitonic merge: the
// better of mine[r] and theirs[K-1-r], then a half-cleaner), so after log2(G) steps every lane
// holds the group's top K, largest first. No slot is scanned twice and nothing is blanked. Larger
// k falls back to the rounds kernel.
#include <cuda_runtime.h>
#include <math.h>
#include <climits>

__device__ __forceinline__ bool better(float v, int i, float bv, int bi) {
  return v > bv || (v == bv && i < bi);
}

// 8 logits of row `row` per lane into v / id: lane gl of its group holds columns gl * 8 .. gl * 8 + 7
// (two float4 loads when E % 4 == 0), -inf and INT_MAX past the row's end.
__device__ __forceinline__ void load_slots(const float* logits, int row, bool active, int gl, int E, bool vec,
                                           float (&v)[8], int (&id)[8]) {
  const int j0 = gl * 8;
  if (vec) {
    const float4* p = reinterpret_cast<const float4*>(logits + (size_t)row * E + j0);
    const float4 ninf = make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
    const float4 a = (active && j0 < E) ? p[0] : ninf;
    const float4 b = (active && j0 + 4 < E) ? p[1] : ninf;
    v[0] = a.x, v[1] = a.y, v[2] = a.z, v[3] = a.w, v[4] = b.x, v[5] = b.y, v[6] = b.z, v[7] = b.w;
  } else {
#pragma unroll
    for (int s = 0; s < 8; ++s) v[s] = (active && j0 + s < E) ? logits[(size_t)row * E + j0 + s] : -INFINITY;
  }
#pragma unroll
  for (int s = 0; s < 8; ++s) id[s] = (active && j0 + s < E) ? j0 + s : INT_MAX;
}

template <int K>
__device__ __forceinline__ void compare_swap(float (&lv)[K], int (&li)[K], int a, int b) {
  if (better(lv[b], li[b], lv[a], li[a])) {
    const float tv = lv[a];
    const int ti = li[a];
    lv[a] = lv[b], li[a] = li[b], lv[b] = tv, li[b] = ti;
  }
}

template <int G, int K>
__global__ void gating_merge(const float* logits, float* topk_weights, int* topk_indices, int M, int E, int k,
                             bool vec) {
  const int gl = threadIdx.x % G;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / G;
  const bool active = row < M;
  float v[8];
  int id[8];
  load_slots(logits, row, active, gl, E, vec, v, id);

  float lv[K];
  int li[K];
#pragma unroll
  for (int r = 0; r < K; ++r) lv[r] = -INFINITY, li[r] = INT_MAX;
#pragma unroll
  for (int s = 0; s < 8; ++s) {  // insertion into the sorted list, fully unrolled (registers)
    float cv = v[s];
    int ci = id[s];
#pragma unroll
    for (int r = 0; r < K; ++r)
      if (better(cv, ci, lv[r], li[r])) {
        const float tv = lv[r];
        const int ti = li[r];
        lv[r] = cv, li[r] = ci, cv = tv, ci = ti;
      }
  }
#pragma unroll
  for (int off = G / 2; off > 0; off /= 2) {
    float ov[K];
    int oi[K];
#pragma unroll
    for (int r = 0; r < K; ++r) {
      ov[r] = __shfl_xor_sync(0xffffffffu, lv[r], off, G);
      oi[r] = __shfl_xor_sync(0xffffffffu, li[r], off, G);
    }
#pragma unroll
    for (int r = 0; r < K; ++r)  // best K of both lists, as a bitonic sequence
      if (better(ov[K - 1 - r], oi[K - 1 - r], lv[r], li[r])) lv[r] = ov[K - 1 - r], li[r] = oi[K - 1 - r];
#pragma unroll
    for (int half = K / 2; half > 0; half /= 2)
#pragma unroll
      for (int r = 0; r < K; ++r)
        if ((r & half) == 0) compare_swap<K>(lv, li, r, r + half);
  }
  if (!active) return;
  float sum = 0.0f;
#pragma unroll
  for (int r = 0; r < K; ++r)
    if (r < k) sum += expf(lv[r] - lv[0]);
#pragma unroll
  for (int r = 0; r < K; ++r)
    if (r < k && r % G == gl) {
      topk_indices[(size_t)row * k + r] = li[r];
      topk_weights[(size_t)row * k + r] = expf(lv[r] - lv[0]) / sum;
    }
}

// k > 4: k rounds of a group argmax (subwarp-float4.cu's kernel).
template <int G>
__global__ void gating_rounds(const float* logits, float* topk_weights, int* topk_indices, int M, int E, int k,
                              bool vec) {
  const int gl = threadIdx.x % G;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / G;
  const bool active = row < M;
  float v[8];
  int id[8];
  load_slots(logits, row, active, gl, E, vec, v, id);
  float top = 0.0f, sum = 0.0f;
  for (int r = 0; r < k; ++r) {
    float bv = -INFINITY;
    int bi = INT_MAX;
#pragma unroll
    for (int s = 0; s < 8; ++s)
      if (better(v[s], id[s], bv, bi)) bv = v[s], bi = id[s];
#pragma unroll
    for (int off = G / 2; off > 0; off /= 2) {
      const float ov = __shfl_xor_sync(0xffffffffu, bv, off, G);
      const int oi = __shfl_xor_sync(0xffffffffu, bi, off, G);
      if (better(ov, oi, bv, bi)) bv = ov, bi = oi;
    }
#pragma unroll
    for (int s = 0; s < 8; ++s)
      if (id[s] == bi) v[s] = -INFINITY, id[s] = INT_MAX;
    if (r == 0) top = bv;
    sum += expf(bv - top);
    if (active && gl == 0) {
      topk_indices[(size_t)row * k + r] = bi;
      topk_weights[(size_t)row * k + r] = bv;
    }
  }
  __syncwarp();
  if (active)
    for (int r = gl; r < k; r += G) {
      float* w = topk_weights + (size_t)row * k + r;
      *w = expf(*w - top) / sum;
    }
}

#define LAUNCH(G)                                                                          \
  if (k <= 2)                                                                              \
    gating_merge<G, 2><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k, vec); \
  else if (k <= 4)                                                                         \
    gating_merge<G, 4><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k, vec); \
  else                                                                                     \
    gating_rounds<G><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k, vec);

extern "C" void solve(const float* logits, float* topk_weights, int* topk_indices, int M, int E, int k) {
  int g = 1;  // the smallest group whose 8 slots per lane cover E
  while (g * 8 < E) g *= 2;
  const unsigned blocks = (unsigned)(((long long)M * g + 255) / 256);
  const bool vec = E % 4 == 0;
  if (g == 1) {
    LAUNCH(1)
  } else if (g == 2) {
    LAUNCH(2)
  } else if (g == 4) {
    LAUNCH(4)
  } else if (g == 8) {
    LAUNCH(8)
  } else if (g == 16) {
    LAUNCH(16)
  } else {
    LAUNCH(32)
  }
}
