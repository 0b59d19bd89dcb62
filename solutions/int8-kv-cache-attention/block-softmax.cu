// naive with the softmax of each head done by a block of 256 threads: strided passes over the
// head's scores with shared-memory tree reductions for the maximum and the sum, instead of one
// thread walking 8192 scores three times in a row. Scores and output kernels unchanged.
#include <cuda_runtime.h>
#include <stdint.h>

__global__ void score_kernel(const float* Q, const int8_t* K, const float* ks, float* P, int H, int S, int D,
                             float scale) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;  // h * S + s
  if (idx >= H * S) return;
  const int h = idx / S;
  const int8_t* row = K + (size_t)idx * D;
  float dot = 0.0f;
  for (int t = 0; t < D; ++t) dot += Q[h * D + t] * ((float)row[t] * ks[idx]);
  P[idx] = dot * scale;
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

__global__ void output_kernel(const float* P, const int8_t* V, const float* vs, float* O, int H, int S, int D) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;  // h * D + t
  if (idx >= H * D) return;
  const int h = idx / D, t = idx % D;
  float acc = 0.0f;
  for (int s = 0; s < S; ++s) {
    const size_t r = (size_t)h * S + s;
    acc += P[r] * ((float)V[r * D + t] * vs[r]);
  }
  O[idx] = acc;
}

extern "C" void solve(const float* Q, const int8_t* K_int8, const int8_t* V_int8, const float* k_scale,
                      const float* v_scale, float* output, int num_heads, int seq_len, int head_dim) {
  const int H = num_heads, S = seq_len, D = head_dim;
  float* P = nullptr;
  cudaMalloc(&P, sizeof(float) * (size_t)H * S);
  score_kernel<<<(H * S + 255) / 256, 256>>>(Q, K_int8, k_scale, P, H, S, D, 1.0f / sqrtf((float)D));
  softmax_kernel<<<H, SOFTMAX_THREADS>>>(P, S);
  output_kernel<<<(H * D + 255) / 256, 256>>>(P, V_int8, v_scale, output, H, S, D);
  cudaFree(P);
}
