// subwarp.cu with each lane's 8 slots made of 8 consecutive logits, loaded by two 16-byte
// (float4) loads when rows are 16-byte aligned (E a multiple of 4): a quarter of the load
// instructions, each lane reading one 32-byte sector. Other E take scalar loads in the same layout.
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
template <int G, bool kVec>
__global__ void gating_rounds(const float* logits, float* topk_weights, int* topk_indices, int M, int E, int k) {
  const int gl = threadIdx.x % G;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / G;
  const bool active = row < M;  // idle groups still join the shuffles
  float v[8];
  int id[8];
  if (kVec) {
    // 8 consecutive logits per lane: two 16-byte loads (rows are 16-byte aligned when E % 4 == 0).
    const int j0 = gl * 8;
    const float4* p = reinterpret_cast<const float4*>(logits + (size_t)row * E + j0);
    const float4 a = (active && j0 < E) ? p[0] : make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
    const float4 b = (active && j0 + 4 < E) ? p[1] : make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
    v[0] = a.x, v[1] = a.y, v[2] = a.z, v[3] = a.w, v[4] = b.x, v[5] = b.y, v[6] = b.z, v[7] = b.w;
#pragma unroll
    for (int s = 0; s < 8; ++s) id[s] = (active && j0 + s < E) ? j0 + s : INT_MAX;
  } else {
#pragma unroll
    for (int s = 0; s < 8; ++s) {
      const int j = gl * 8 + s;
      const bool ok = active && j < E;
      v[s] = ok ? logits[(size_t)row * E + j] : -INFINITY;
      id[s] = ok ? j : INT_MAX;
    }
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
  if (g == 1) {
    if (E % 4 == 0)
      gating_rounds<1, true><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
    else
      gating_rounds<1, false><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
  } else if (g == 2) {
    if (E % 4 == 0)
      gating_rounds<2, true><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
    else
      gating_rounds<2, false><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
  } else if (g == 4) {
    if (E % 4 == 0)
      gating_rounds<4, true><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
    else
      gating_rounds<4, false><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
  } else if (g == 8) {
    if (E % 4 == 0)
      gating_rounds<8, true><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
    else
      gating_rounds<8, false><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
  } else if (g == 16) {
    if (E % 4 == 0)
      gating_rounds<16, true><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
    else
      gating_rounds<16, false><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
  } else {
    if (E % 4 == 0)
      gating_rounds<32, true><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
    else
      gating_rounds<32, false><<<blocks, 256>>>(logits, topk_weights, topk_indices, M, E, k);
  }
}
