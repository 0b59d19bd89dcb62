// WRONG: flash-decode whose combine adds the slices' partial sums and partial normalisers as they
// are, without rescaling each by exp(m_slice - m_max): every slice was normalised to its own
// maximum, so with more than one slice (seq_len > 256) the slices are weighted wrongly. The
// examples (one slice) pass; the larger tests fail.
#include <cuda_runtime.h>
#include <stdint.h>

#define SLICE 256  // positions per block
#define THREADS 256
#define DMAX 256

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

__global__ __launch_bounds__(THREADS) void slice_kernel(const float* Q, const int8_t* K, const int8_t* V,
                                                        const float* ks, const float* vs, float* part, int S, int D,
                                                        float scale) {
  __shared__ float q[DMAX];
  __shared__ float w[SLICE];
  __shared__ float red[THREADS / 32];
  const int h = blockIdx.x, j = blockIdx.y, nslices = gridDim.y;
  const int s0 = j * SLICE, len = min(SLICE, S - s0);
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  for (int t = tid; t < D; t += THREADS) q[t] = Q[h * D + t];
  __syncthreads();

  for (int r = warp; r < len; r += THREADS / 32) {
    const size_t row = (size_t)h * S + s0 + r;
    const int8_t* k = K + row * D;
    float dot = 0.0f;
    for (int t = lane; t < D; t += 32) dot += q[t] * (float)k[t];
    for (int o = 16; o > 0; o >>= 1) dot += __shfl_xor_sync(0xffffffffu, dot, o);
    if (lane == 0) w[r] = dot * ks[row] * scale;
  }
  __syncthreads();
  const float mine = tid < len ? w[tid] : -INFINITY;
  const float m = block_reduce(mine, true, red);
  const float p = tid < len ? expf(mine - m) : 0.0f;
  const float l = block_reduce(p, false, red);  // its __syncthreads orders the reads of w above
  if (tid < len) w[tid] = p * vs[(size_t)h * S + s0 + tid];
  __syncthreads();

  // part[(h * nslices + j) * (D + 2)] = m, l, then o[0..D).
  float* out = part + ((size_t)h * nslices + j) * (D + 2);
  for (int t = tid; t < D; t += THREADS) {
    const int8_t* v = V + ((size_t)h * S + s0) * D + t;
    float acc = 0.0f;
    for (int r = 0; r < len; ++r) acc += w[r] * (float)v[(size_t)r * D];
    out[2 + t] = acc;
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
  for (int j = 0; j < nslices; ++j) l += p[(size_t)j * (D + 2) + 1];  // no rescale
  for (int t = threadIdx.x; t < D; t += blockDim.x) {
    float acc = 0.0f;
    for (int j = 0; j < nslices; ++j) acc += p[(size_t)j * (D + 2) + 2 + t];  // no rescale
    O[h * D + t] = acc / l;
  }
}

extern "C" void solve(const float* Q, const int8_t* K_int8, const int8_t* V_int8, const float* k_scale,
                      const float* v_scale, float* output, int num_heads, int seq_len, int head_dim) {
  const int H = num_heads, S = seq_len, D = head_dim;
  const int nslices = (S + SLICE - 1) / SLICE;
  float* part = nullptr;
  cudaMalloc(&part, sizeof(float) * (size_t)H * nslices * (D + 2));
  slice_kernel<<<dim3(H, nslices), THREADS>>>(Q, K_int8, V_int8, k_scale, v_scale, part, S, D, 1.0f / sqrtf((float)D));
  combine_kernel<<<H, 128>>>(part, output, nslices, D);
  cudaFree(part);
}
