// WRONG (RTE, "wrote outside"): a tiled kernel that assumes every size is a multiple of 16.
//
// The grid is rounded up, as it should be, but neither the tile loads nor the final store are
// guarded. In example 1 (batch 2, 2 outputs) the single 16 x 16 block stores
// output[b * out_features + o] for every b and o below 16, far past the 4 elements of output,
// into the judge's guard zone. (Its out-of-range loads read garbage too, but reads are not what
// the judge catches.)
#include <cuda_runtime.h>

constexpr int TILE = 16;

__global__ void linear_unguarded(const float* input, const float* weight, const float* bias, float* output,
                                 int batch_size, int in_features, int out_features) {
  __shared__ float Xs[TILE][TILE];
  __shared__ float Ws[TILE][TILE + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int b = blockIdx.y * TILE + ty, o = blockIdx.x * TILE + tx;
  const int wo = blockIdx.x * TILE + ty;
  float sum = 0.0f;
  for (int i0 = 0; i0 < in_features; i0 += TILE) {
    Xs[ty][tx] = input[(size_t)b * in_features + i0 + tx];
    Ws[ty][tx] = weight[(size_t)wo * in_features + i0 + tx];
    __syncthreads();
    for (int t = 0; t < TILE; ++t) sum += Xs[ty][t] * Ws[tx][t];
    __syncthreads();
  }
  output[(size_t)b * out_features + o] = sum + bias[o];
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int batch_size,
                      int in_features, int out_features) {
  dim3 threads(TILE, TILE);
  dim3 blocks((out_features + TILE - 1) / TILE, (batch_size + TILE - 1) / TILE);
  linear_unguarded<<<blocks, threads>>>(input, weight, bias, output, batch_size, in_features, out_features);
  cudaDeviceSynchronize();
}
