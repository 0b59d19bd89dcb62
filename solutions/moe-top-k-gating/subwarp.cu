// warp-row.cu's rounds with the group fitted to the row: G = the smallest power of two with
// 8 * G >= E lanes per token (8 for the official E = 64), so a warp serves 32 / G tokens at once
// and each round's butterfly takes log2(G) shuffle steps instead of 5. Lane l of a group holds
// logits l, l + G, ...: each load instruction still reads whole runs of consecutive logits.
#include <cuda_runtime.h>
#include <math.h>
#include <climits>

// Ranks a (value, index) pair: larger value first, then lower index, so every lane agrees on one
// order (indices are distinct, so it is total).
__device__ __forceinline__ bool better(float v, int i, float bv, int bi) {
  return v > bv || (v == bv && i < bi);
}

// G lanes per row, SLOTS = 8 logits per lane (8 * 32 = 256 = the largest E). Round r: each lane
// takes the best of its slots, the group's best comes out of a butterfly of shuffles (every lane
// ends with it), and the lane holding it blanks that slot. Lane 0 of the group writes the index
// and, for now, the logit; the group turns the logits into weights at the end.
template <int G>
__global__ void gating_rounds(const float* logits, float* topk_weights, int* topk_indices, int M, int E, int k) {
  const int gl = threadIdx.x % G;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / G;
  const bool active = row < M;  // idle groups still join the shuffles
  float v[8];
  int id[8];
#pragma unroll
  for (int s = 0; s < 8; ++s) {
    const int j = gl + s * G;  // consecutive lanes, consecutive logits
    const bool ok = active && j < E;
    v[s] = ok ? logits[(size_t)row * E + j] : -INFINITY;
    id[s] = ok ? j : INT_MAX;
  }
  float top = 0.0f, sum = 0.0f;
  for (int r = 0; r < k; ++r) {
    float bv = -INFINITY;
    int bi = INT_MAX;
#pragma unroll
    for (int s = 0; s < 8; ++s)
      if (better(v[s], id[s], bv, bi)) {
        bv = v[s];
        bi = id[s];
      }
#pragma unroll
    for (int off = G / 2; off > 0; off /= 2) {
      const float ov = __shfl_xor_sync(0xffffffffu, bv, off, G);
      const int oi = __shfl_xor_sync(0xffffffffu, bi, off, G);
      if (better(ov, oi, bv, bi)) {
        bv = ov;
        bi = oi;
      }
    }
#pragma unroll
    for (int s = 0; s < 8; ++s)
      if (id[s] == bi) {
        v[s] = -INFINITY;
        id[s] = INT_MAX;
      }
    if (r == 0) top = bv;
    sum += expf(bv - top);
    if (active && gl == 0) {
      topk_indices[(size_t)row * k + r] = bi;
      topk_weights[(size_t)row * k + r] = bv;
    }
  }
  __syncwarp();  // lane 0's stores are visible to the group
  if (active)
    for (int r = gl; r < k; r += G) {
      float* w = topk_weights + (size_t)row * k + r;
      *w = expf(*w - top) / sum;
    }
}

// The smallest group whose 8 slots per lane cover E: G * 8 >= E.
static int group_lanes(int E) {
  int g = 1;
  while (g * 8 < E) g *= 2;
  return g;
}

extern "C" void solve(const float* logits, float* topk_weights, int* topk_indices, int M, int E, int k) {
  const int g = group_lanes(E);
  const unsigned blocks = (unsigned)(((long long)M * g + 255) / 256);
  if (g == 1)
    gating_rounds<1><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
  else if (g == 2)
    gating_rounds<2><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
  else if (g == 4)
    gating_rounds<4><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
  else if (g == 8)
    gating_rounds<8><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
  else if (g == 16)
    gating_rounds<16><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
  else
    gating_rounds<32><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
}
