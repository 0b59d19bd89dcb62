// WRONG (WA): forgets the bias.
//
// A tiled kernel that computes input * weight^T correctly but stores the bare dot products:
// output[b][o] misses bias[o]. Every element is written and nothing outside output is touched,
// so the judge reports plain mismatches: in example 1, output[0][0] comes out as 4.5 instead of
// 4.75.
#include <cuda_runtime.h>

constexpr int TILE = 16;

__global__ void linear_no_bias(const float* input, const float* weight, float* output, int batch_size,
                               int in_features, int out_features) {
  __shared__ float Xs[TILE][TILE];
  __shared__ float Ws[TILE][TILE + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int b = blockIdx.y * TILE + ty, o = blockIdx.x * TILE + tx;
  const int wo = blockIdx.x * TILE + ty;
  float sum = 0.0f;
  for (int i0 = 0; i0 < in_features; i0 += TILE) {
    const int i = i0 + tx;
    Xs[ty][tx] = (b < batch_size && i < in_features) ? input[(size_t)b * in_features + i] : 0.0f;
    Ws[ty][tx] = (wo < out_features && i < in_features) ? weight[(size_t)wo * in_features + i] : 0.0f;
    __syncthreads();
    for (int t = 0; t < TILE; ++t) sum += Xs[ty][t] * Ws[tx][t];
    __syncthreads();
  }
  if (b < batch_size && o < out_features) output[(size_t)b * out_features + o] = sum;  // bug: + bias[o]
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int batch_size,
                      int in_features, int out_features) {
  dim3 threads(TILE, TILE);
  dim3 blocks((out_features + TILE - 1) / TILE, (batch_size + TILE - 1) / TILE);
  linear_no_bias<<<blocks, threads>>>(input, weight, output, batch_size, in_features, out_features);
  cudaDeviceSynchronize();
}
