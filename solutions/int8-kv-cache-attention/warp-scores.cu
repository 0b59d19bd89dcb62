// split-output with coalesced scores: a warp per (head, position) whose lanes read adjacent
// bytes of the key row and combine their partial dot products with shuffles, instead of one
// thread walking a whole row alone. The row's scale multiplies the finished dot product once.
#include <cuda_runtime.h>
#include <stdint.h>

// A warp per (head, position): the lanes read adjacent bytes of the key row (coalesced) and the
// partial dot products meet through shuffles.
__global__ void score_kernel(const float* Q, const int8_t* K, const float* ks, float* P, int H, int S, int D,
                             float scale) {
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
  if (warp >= H * S) return;  // whole warps leave together
  const int h = warp / S;
  const int8_t* row = K + (size_t)warp * D;
  float dot = 0.0f;
  for (int t = lane; t < D; t += 32) dot += Q[h * D + t] * (float)row[t];
  for (int o = 16; o > 0; o >>= 1) dot += __shfl_xor_sync(0xffffffffu, dot, o);
  if (lane == 0) P[warp] = dot * ks[warp] * scale;
}

#define SOFTMAX_THREADS 256

// Tree reduction over the block in shared memory: the maximum or the sum of every thread's v.
__device__ float block_reduce(float v, bool is_max, float* red) {
  red[threadIdx.x] = v;
  __syncthreads();
  for (int o = SOFTMAX_THREADS / 2; o > 0; o >>= 1) {
    if (threadIdx.x < o)
      red[threadIdx.x] =
          is_max ? fmaxf(red[threadIdx.x], red[threadIdx.x + o]) : red[threadIdx.x] + red[threadIdx.x + o];
    __syncthreads();
  }
  const float r = red[0];
  __syncthreads();  // red is reused by the next reduction
  return r;
}

__global__ void softmax_kernel(float* P, int S) {
  __shared__ float red[SOFTMAX_THREADS];
  float* row = P + (size_t)blockIdx.x * S;
  float m = -INFINITY;
  for (int s = threadIdx.x; s < S; s += SOFTMAX_THREADS) m = fmaxf(m, row[s]);
  m = block_reduce(m, true, red);
  float sum = 0.0f;
  for (int s = threadIdx.x; s < S; s += SOFTMAX_THREADS) {
    const float e = expf(row[s] - m);
    row[s] = e;
    sum += e;
  }
  const float inv = 1.0f / block_reduce(sum, false, red);
  for (int s = threadIdx.x; s < S; s += SOFTMAX_THREADS) row[s] *= inv;
}

#define SPLIT 256  // positions per output block

// Block (h, j) sums positions [j*SPLIT, (j+1)*SPLIT) for every column of head h, one thread per
// column (adjacent threads read adjacent bytes of a value row), and adds its share into the
// zeroed output with atomicAdd: num_heads * seq_len / 256 blocks instead of num_heads * head_dim
// threads each walking every position.
__global__ void output_kernel(const float* P, const int8_t* V, const float* vs, float* O, int S, int D) {
  const int h = blockIdx.x;
  const int s0 = blockIdx.y * SPLIT, s1 = min(S, s0 + SPLIT);
  for (int t = threadIdx.x; t < D; t += blockDim.x) {
    float acc = 0.0f;
    for (int s = s0; s < s1; ++s) {
      const size_t r = (size_t)h * S + s;
      acc += P[r] * ((float)V[r * D + t] * vs[r]);
    }
    atomicAdd(&O[h * D + t], acc);
  }
}

extern "C" void solve(const float* Q, const int8_t* K_int8, const int8_t* V_int8, const float* k_scale,
                      const float* v_scale, float* output, int num_heads, int seq_len, int head_dim) {
  const int H = num_heads, S = seq_len, D = head_dim;
  float* P = nullptr;
  cudaMalloc(&P, sizeof(float) * (size_t)H * S);
  score_kernel<<<(H * S + 7) / 8, 256>>>(Q, K_int8, k_scale, P, H, S, D, 1.0f / sqrtf((float)D));
  softmax_kernel<<<H, SOFTMAX_THREADS>>>(P, S);
  cudaMemsetAsync(output, 0, sizeof(float) * (size_t)H * D);
  output_kernel<<<dim3(H, (S + SPLIT - 1) / SPLIT), 128>>>(P, V_int8, v_scale, output, S, D);
  cudaFree(P);
}
