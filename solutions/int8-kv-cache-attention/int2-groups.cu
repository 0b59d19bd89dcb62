// flash-decode with 8-byte loads: head_dim is a multiple of 8, so every row is a whole number of
// int2 words. A group of G lanes (G = head_dim / 8 rounded up to a power of two) reads one row,
// 8 bytes per lane, the lane's 8 query values sit in registers, and a warp covers 32 / G rows at
// a time, so no lane idles for head_dim = 128 (half of them did) and each load brings 8 values.
// The value pass uses the same groups, each summing 8 columns over every (256 / G)-th row, and
// the groups' partial sums meet in shared memory.
#include <cuda_runtime.h>
#include <stdint.h>

#define SLICE 256  // positions per block
#define THREADS 256

// Maximum or sum over the block, through shuffles and one shared slot per warp.
__device__ float block_reduce(float v, bool is_max, float* red) {
  for (int o = 16; o > 0; o >>= 1) {
    const float other = __shfl_xor_sync(0xffffffffu, v, o);
    v = is_max ? fmaxf(v, other) : v + other;
  }
  if (threadIdx.x % 32 == 0) red[threadIdx.x / 32] = v;
  __syncthreads();
  float r = red[0];
  for (int w = 1; w < THREADS / 32; ++w) r = is_max ? fmaxf(r, red[w]) : r + red[w];
  __syncthreads();  // red is reused by the next reduction
  return r;
}

// The 8 signed bytes of an int2 as floats: the arithmetic right shift sign-extends.
__device__ __forceinline__ void unpack8(int2 raw, float* f) {
  for (int i = 0; i < 4; ++i) {
    f[i] = (float)((raw.x << (24 - 8 * i)) >> 24);
    f[4 + i] = (float)((raw.y << (24 - 8 * i)) >> 24);
  }
}

__global__ __launch_bounds__(THREADS) void slice_kernel(const float* Q, const int8_t* K, const int8_t* V,
                                                        const float* ks, const float* vs, float* part, int S, int D,
                                                        int G, float scale) {
  __shared__ float w[SLICE];
  __shared__ float red[THREADS / 32];
  __shared__ float sums[2048];  // (THREADS / G) groups x D columns <= 2048 since G >= D / 8
  const int h = blockIdx.x, j = blockIdx.y, nslices = gridDim.y;
  const int s0 = j * SLICE, len = min(SLICE, S - s0);
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  const int C = D / 8, c = tid % G, sub = lane / G, per_warp = 32 / G;
  const bool active = c < C;  // lanes past the row's last word (G > C) only join the shuffles
  float qr[8];
  for (int e = 0; e < 8; ++e) qr[e] = active ? Q[h * D + c * 8 + e] : 0.0f;

  const int8_t* Kh = K + ((size_t)h * S + s0) * D;
  for (int base = warp * per_warp; base < len; base += (THREADS / 32) * per_warp) {  // warp-uniform
    const int r = base + sub;
    float dot = 0.0f;
    if (active && r < len) {
      float k[8];
      unpack8(*reinterpret_cast<const int2*>(Kh + (size_t)r * D + c * 8), k);
      for (int e = 0; e < 8; ++e) dot += qr[e] * k[e];
    }
    for (int o = G / 2; o > 0; o >>= 1) dot += __shfl_xor_sync(0xffffffffu, dot, o);  // within the group
    if (c == 0 && r < len) w[r] = dot * ks[(size_t)h * S + s0 + r] * scale;
  }
  __syncthreads();
  const float mine = tid < len ? w[tid] : -INFINITY;
  const float m = block_reduce(mine, true, red);
  const float p = tid < len ? expf(mine - m) : 0.0f;
  const float l = block_reduce(p, false, red);
  if (tid < len) w[tid] = p * vs[(size_t)h * S + s0 + tid];
  __syncthreads();

  const int groups = THREADS / G, g = tid / G;
  float acc[8] = {};
  const int8_t* Vh = V + ((size_t)h * S + s0) * D;
  if (active) {
    for (int r = g; r < len; r += groups) {
      float v[8];
      unpack8(*reinterpret_cast<const int2*>(Vh + (size_t)r * D + c * 8), v);
      const float wr = w[r];
      for (int e = 0; e < 8; ++e) acc[e] += wr * v[e];
    }
    for (int e = 0; e < 8; ++e) sums[g * D + c * 8 + e] = acc[e];
  }
  __syncthreads();

  // part[(h * nslices + j) * (D + 2)] = m, l, then o[0..D).
  float* out = part + ((size_t)h * nslices + j) * (D + 2);
  for (int t = tid; t < D; t += THREADS) {
    float o = 0.0f;
    for (int k = 0; k < groups; ++k) o += sums[k * D + t];
    out[2 + t] = o;
  }
  if (tid == 0) {
    out[0] = m;
    out[1] = l;
  }
}

// One block per head: the slices' parts, each rescaled to the head's overall maximum.
__global__ void combine_kernel(const float* part, float* O, int nslices, int D) {
  const int h = blockIdx.x;
  const float* p = part + (size_t)h * nslices * (D + 2);
  float m = -INFINITY;
  for (int j = 0; j < nslices; ++j) m = fmaxf(m, p[(size_t)j * (D + 2)]);
  float l = 0.0f;
  for (int j = 0; j < nslices; ++j) l += expf(p[(size_t)j * (D + 2)] - m) * p[(size_t)j * (D + 2) + 1];
  for (int t = threadIdx.x; t < D; t += blockDim.x) {
    float acc = 0.0f;
    for (int j = 0; j < nslices; ++j) acc += expf(p[(size_t)j * (D + 2)] - m) * p[(size_t)j * (D + 2) + 2 + t];
    O[h * D + t] = acc / l;
  }
}

extern "C" void solve(const float* Q, const int8_t* K_int8, const int8_t* V_int8, const float* k_scale,
                      const float* v_scale, float* output, int num_heads, int seq_len, int head_dim) {
  const int H = num_heads, S = seq_len, D = head_dim;
  const int nslices = (S + SLICE - 1) / SLICE;
  float* part = nullptr;
  cudaMalloc(&part, sizeof(float) * (size_t)H * nslices * (D + 2));
  int G = 1;
  while (G < D / 8) G *= 2;
  slice_kernel<<<dim3(H, nslices), THREADS>>>(Q, K_int8, V_int8, k_scale, v_scale, part, S, D, G,
                                              1.0f / sqrtf((float)D));
  combine_kernel<<<H, 128>>>(part, output, nslices, D);
  cudaFree(part);
}
