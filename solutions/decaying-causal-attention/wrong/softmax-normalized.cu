// WRONG: treats the decayed scores like ordinary attention and normalises each row with a softmax
// (max-subtracted exp of score + (n - m) * log(gamma), divided by the row's sum). The statement
// has no softmax: the raw scaled scores, negative ones included, weight the values. One block per
// query row as in fused-row.
#include <cuda_runtime.h>

#define THREADS 128
#define DMAX 256

__global__ void softmax_row_kernel(const float* Q, const float* K, const float* V, float* O, int d, float scale,
                                   float log_gamma) {
  __shared__ float q[DMAX];
  __shared__ float w[8192];  // one weight per key: seq_len <= 8192
  __shared__ float red[THREADS];
  const int n = blockIdx.x, tid = threadIdx.x;
  for (int t = tid; t < DMAX; t += THREADS) q[t] = t < d ? Q[(size_t)n * d + t] : 0.0f;
  __syncthreads();
  float mx = -INFINITY;
  for (int m = tid; m <= n; m += THREADS) {
    float s = 0.0f;
    for (int t = 0; t < d; ++t) s += q[t] * K[(size_t)m * d + t];
    w[m] = s * scale + (float)(n - m) * log_gamma;
    mx = fmaxf(mx, w[m]);
  }
  red[tid] = mx;
  __syncthreads();
  for (int s = THREADS / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] = fmaxf(red[tid], red[tid + s]);
    __syncthreads();
  }
  mx = red[0];
  __syncthreads();
  float sum = 0.0f;
  for (int m = tid; m <= n; m += THREADS) {
    w[m] = expf(w[m] - mx);
    sum += w[m];
  }
  red[tid] = sum;
  __syncthreads();
  for (int s = THREADS / 2; s > 0; s >>= 1) {
    if (tid < s) red[tid] += red[tid + s];
    __syncthreads();
  }
  const float inv = 1.0f / red[0];
  for (int c = tid; c < d; c += THREADS) {
    float acc = 0.0f;
    for (int m = 0; m <= n; ++m) acc += w[m] * V[(size_t)m * d + c];
    O[(size_t)n * d + c] = acc * inv;
  }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int seq_len, int d_model,
                      float gamma) {
  softmax_row_kernel<<<seq_len, THREADS>>>(Q, K, V, output, d_model, 1.0f / sqrtf((float)d_model), logf(gamma));
}
