// 1-D register blocking: 64 x 64 tile of output per block, 8 samples of one feature per thread.
//
// 512 threads; thread t owns output feature t % 64 of the tile and the 8 samples 8 * (t / 64) ..
// + 7. The block walks in_features in steps of 8, staging a 64 x 8 slice of input and of weight
// in shared memory (one element of each per thread, loaded along in_features). Weight is stored
// transposed there (Ws[i][o], rows padded by 4 floats so the transposing stores do not collide),
// so at each step a thread reads one weight value and 8 input values (broadcasts: a warp shares
// its samples) and does 8 multiply-adds into registers: 1.125 shared loads per multiply-add
// instead of 2, and each global element is reused 64 times. The next rungs block in both
// directions.
//
// Sizes are arbitrary: loads outside the matrices put zeros in the tiles, stores are guarded.
#include <cuda_runtime.h>

constexpr int BM = 64;  // samples per block
constexpr int BN = 64;  // output features per block
constexpr int BK = 8;   // in_features per step
constexpr int TM = 8;   // samples per thread
constexpr int THREADS = BM * BN / TM;  // 512

__global__ void __launch_bounds__(THREADS)
linear_blocktile_1d(const float* input, const float* weight, const float* bias, float* output, int batch_size,
                    int in_features, int out_features) {
  __shared__ float Xs[BM][BK];
  __shared__ float Ws[BK][BN + 4];

  const int tid = threadIdx.x;
  const int b0 = blockIdx.y * BM;
  const int o0 = blockIdx.x * BN;
  const int col = tid % BN;          // output feature inside the tile
  const int rows = (tid / BN) * TM;  // first of this thread's 8 samples
  const int ld_r = tid / BK, ld_c = tid % BK;  // this thread's element of both slices

  float acc[TM];
#pragma unroll
  for (int m = 0; m < TM; ++m) acc[m] = 0.0f;

  for (int i0 = 0; i0 < in_features; i0 += BK) {
    const int i = i0 + ld_c;
    const int xb = b0 + ld_r, wo = o0 + ld_r;
    Xs[ld_r][ld_c] = (xb < batch_size && i < in_features) ? input[(size_t)xb * in_features + i] : 0.0f;
    Ws[ld_c][ld_r] = (wo < out_features && i < in_features) ? weight[(size_t)wo * in_features + i] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int t = 0; t < BK; ++t) {
      const float w = Ws[t][col];
#pragma unroll
      for (int m = 0; m < TM; ++m) acc[m] += Xs[rows + m][t] * w;
    }
    __syncthreads();
  }

  const int o = o0 + col;
  if (o < out_features) {
    const float bo = bias[o];
#pragma unroll
    for (int m = 0; m < TM; ++m) {
      const int b = b0 + rows + m;
      if (b < batch_size) output[(size_t)b * out_features + o] = acc[m] + bo;
    }
  }
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int batch_size,
                      int in_features, int out_features) {
  dim3 blocks((out_features + BN - 1) / BN, (batch_size + BM - 1) / BM);
  linear_blocktile_1d<<<blocks, THREADS>>>(input, weight, bias, output, batch_size, in_features, out_features);
  cudaDeviceSynchronize();
}
