// Tiled 16 x 16: tiles of input and weight staged in shared memory, one output per thread.
//
// A block of 16 x 16 threads owns 16 samples x 16 output features. It walks in_features in steps
// of 16: each thread loads one element of the input tile and one of the weight tile, both along
// in_features, so the loads are coalesced (unlike naive.cu's weight loads), then does 16
// multiply-adds from shared memory. Each global element is reused 16 times; the limit becomes
// the two shared-memory loads per multiply-add. The weight tile's rows are padded to 17 floats
// so that 16 threads reading Ws[o][t] hit 16 different banks. 32 x 32 tiles halve the traffic.
//
// Sizes are arbitrary: loads outside the matrices put zeros in the tiles, stores are guarded.
#include <cuda_runtime.h>

constexpr int TILE = 16;

__global__ void linear_tiled16(const float* input, const float* weight, const float* bias, float* output,
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
  linear_tiled16<<<blocks, threads>>>(input, weight, bias, output, batch_size, in_features, out_features);
  cudaDeviceSynchronize();
}
