// subwarp-merge.cu's kernel (lane-local top-K lists merged in a butterfly, groups of G lanes
// fitted to E, float4 loads) with two tokens per group: every lane issues the loads of both rows
// before it sorts either, so twice the bytes are in flight per thread while the sorting network
// of the first row hides the latency of the second, and the loads are streaming (__ldcs, evict
// first: every logit is read once). The k > 4 fallback is the rounds kernel, one token per group.
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
    const float4 a = (active && j0 < E) ? __ldcs(p) : ninf;
    const float4 b = (active && j0 + 4 < E) ? __ldcs(p + 1) : ninf;
    v[0] = a.x, v[1] = a.y, v[2] = a.z, v[3] = a.w, v[4] = b.x, v[5] = b.y, v[6] = b.z, v[7] = b.w;
  } else {
#pragma unroll
    for (int s = 0; s < 8; ++s) v[s] = (active && j0 + s < E) ? __ldcs(logits + (size_t)row * E + j0 + s) : -INFINITY;
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

// The group's top K of one row from each lane's 8 slots; the lanes holding rank r < k write it.
template <int G, int K>
__device__ __forceinline__ void merge_and_write(const float (&v)[8], const int (&id)[8], int row, bool active, int gl,
                                                int k, float* topk_weights, int* topk_indices) {
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

// Group q serves rows q and q + groups (groups = the grid's number of groups, ceil(M / 2)).
template <int G, int K>
__global__ void gating_merge2(const float* logits, float* topk_weights, int* topk_indices, int M, int E, int k,
                              bool vec) {
  const int gl = threadIdx.x % G;
  const int group = (blockIdx.x * blockDim.x + threadIdx.x) / G;
  const int groups = (M + 1) / 2;
  const int row_a = group, row_b = group + groups;
  const bool active_a = row_a < groups, active_b = row_a < groups && row_b < M;
  float va[8], vb[8];
  int ia[8], ib[8];
  load_slots(logits, row_a, active_a, gl, E, vec, va, ia);
  load_slots(logits, row_b, active_b, gl, E, vec, vb, ib);
  merge_and_write<G, K>(va, ia, row_a, active_a, gl, k, topk_weights, topk_indices);
  merge_and_write<G, K>(vb, ib, row_b, active_b, gl, k, topk_weights, topk_indices);
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

#define LAUNCH(G)                                                                            \
  if (k <= 2)                                                                                \
    gating_merge2<G, 2><<<blocks2, 256>>>(logits, topk_weights, topk_indices, M, E, k, vec); \
  else if (k <= 4)                                                                           \
    gating_merge2<G, 4><<<blocks2, 256>>>(logits, topk_weights, topk_indices, M, E, k, vec); \
  else                                                                                       \
    gating_rounds<G><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k, vec);

extern "C" void solve(const float* logits, float* topk_weights, int* topk_indices, int M, int E, int k) {
  int g = 1;  // the smallest group whose 8 slots per lane cover E
  while (g * 8 < E) g *= 2;
  const unsigned blocks = (unsigned)(((long long)M * g + 255) / 256);
  const unsigned blocks2 = (unsigned)(((long long)((M + 1) / 2) * g + 255) / 256);  // two rows per group
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
