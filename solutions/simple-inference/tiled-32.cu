// Tiled 32 x 32: tiles of input and weight staged in shared memory, one output per thread.
//
// The design of tiled-16.cu with 32 x 32 tiles and 1024-thread blocks: each element fetched from
// global memory is reused 32 times instead of 16, so global and L2 traffic halve, and a warp's
// input reads are one broadcast address instead of two. The weight tile's rows are padded to 33
// floats so that the 32 threads of a warp reading Ws[o][t] hit 32 different banks. Two shared
// loads per multiply-add remain the limit: register tiling (the next rungs) removes it.
//
// Sizes are arbitrary: loads outside the matrices put zeros in the tiles, stores are guarded.
#include <cuda_runtime.h>

constexpr int TILE = 32;

__global__ void linear_tiled32(const float* input, const float* weight, const float* bias, float* output,
                               int batch_size, int in_features, int out_features) {
  __shared__ float Xs[TILE][TILE];      // Xs[sample][i]
  __shared__ float Ws[TILE][TILE + 1];  // Ws[feature][i]

  const int tx = threadIdx.x, ty = threadIdx.y;
  const int b0 = blockIdx.y * TILE, o0 = blockIdx.x * TILE;
  const int b = b0 + ty, o = o0 + tx;
  float sum = 0.0f;

  for (int i0 = 0; i0 < in_features; i0 += TILE) {
    const int i = i0 + tx;
    const int wo = o0 + ty;  // the weight row this thread loads
    Xs[ty][tx] = (b < batch_size && i < in_features) ? input[(size_t)b * in_features + i] : 0.0f;
    Ws[ty][tx] = (wo < out_features && i < in_features) ? weight[(size_t)wo * in_features + i] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int t = 0; t < TILE; ++t) sum += Xs[ty][t] * Ws[tx][t];
    __syncthreads();
  }
  if (b < batch_size && o < out_features) output[(size_t)b * out_features + o] = sum + bias[o];
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int batch_size,
                      int in_features, int out_features) {
  dim3 threads(TILE, TILE);
  dim3 blocks((out_features + TILE - 1) / TILE, (batch_size + TILE - 1) / TILE);
  linear_tiled32<<<blocks, threads>>>(input, weight, bias, output, batch_size, in_features, out_features);
  cudaDeviceSynchronize();
}
