// 2-D register blocking: 128 x 128 tile of output per block, 8 x 8 elements per thread, scalar loads.
//
// 256 threads (16 x 16); thread (tx, ty) owns samples ty + 16 m and output features tx + 16 n of
// the tile (m, n = 0..7), 64 accumulators in registers. At each step of in_features it reads 8
// input and 8 weight values from shared memory and does 64 multiply-adds: 0.25 shared loads per
// multiply-add (half of the 4 x 4 version), and each global element is reused 128 times. At most
// 128 registers per thread, so two blocks share an SM: one computes while the other waits for
// its next slices. What vectorized.cu adds: 16-byte loads from global and shared memory.
//
// Sizes are arbitrary: loads outside the matrices put zeros in the tiles, stores are guarded.
#include <cuda_runtime.h>

constexpr int BM = 128;
constexpr int BN = 128;
constexpr int BK = 8;
constexpr int T = 8;                      // 8 x 8 per thread
constexpr int DIM = BM / T;               // 16 threads per side
constexpr int THREADS = DIM * DIM;        // 256
constexpr int LOADS = BM * BK / THREADS;  // 4 elements of each slice per thread

__global__ void __launch_bounds__(THREADS, 2)
linear_blocktile_8x8(const float* input, const float* weight, const float* bias, float* output, int batch_size,
                     int in_features, int out_features) {
  __shared__ float Xs[BM][BK];
  __shared__ float Ws[BK][BN + 4];  // padded: the transposing stores hit 32 different banks

  const int tid = threadIdx.x;
  const int tx = tid % DIM, ty = tid / DIM;
  const int b0 = blockIdx.y * BM;
  const int o0 = blockIdx.x * BN;

  float acc[T][T];
#pragma unroll
  for (int m = 0; m < T; ++m) {
#pragma unroll
    for (int n = 0; n < T; ++n) acc[m][n] = 0.0f;
  }

  for (int i0 = 0; i0 < in_features; i0 += BK) {
#pragma unroll
    for (int l = 0; l < LOADS; ++l) {
      const int e = tid + l * THREADS;       // 0 .. 1023
      const int r = e / BK, c = e % BK;      // row of the slice (sample or feature), column (i)
      const int i = i0 + c;
      const int xb = b0 + r, wo = o0 + r;
      Xs[r][c] = (xb < batch_size && i < in_features) ? input[(size_t)xb * in_features + i] : 0.0f;
      Ws[c][r] = (wo < out_features && i < in_features) ? weight[(size_t)wo * in_features + i] : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int t = 0; t < BK; ++t) {
      float x[T], w[T];
#pragma unroll
      for (int m = 0; m < T; ++m) x[m] = Xs[ty + m * DIM][t];
#pragma unroll
      for (int n = 0; n < T; ++n) w[n] = Ws[t][tx + n * DIM];
#pragma unroll
      for (int m = 0; m < T; ++m) {
#pragma unroll
        for (int n = 0; n < T; ++n) acc[m][n] += x[m] * w[n];
      }
    }
    __syncthreads();
  }

#pragma unroll
  for (int m = 0; m < T; ++m) {
    const int b = b0 + ty + m * DIM;
    if (b >= batch_size) continue;
#pragma unroll
    for (int n = 0; n < T; ++n) {
      const int o = o0 + tx + n * DIM;
      if (o < out_features) output[(size_t)b * out_features + o] = acc[m][n] + bias[o];
    }
  }
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int batch_size,
                      int in_features, int out_features) {
  dim3 blocks((out_features + BN - 1) / BN, (batch_size + BM - 1) / BM);
  linear_blocktile_8x8<<<blocks, THREADS>>>(input, weight, bias, output, batch_size, in_features, out_features);
  cudaDeviceSynchronize();
}
