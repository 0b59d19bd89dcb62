// One thread per token: each thread walks the D / 2 pairs (j, j + D/2) of its own row.
//
// Reads like the CPU loop, but a warp's 32 threads sit on 32 rows, D floats apart, so every load
// and store touches 32 cache lines, and the lines of 32 rows x 3 buffers do not stay in L1 until
// each thread comes back for the next element of them.
#include <cuda_runtime.h>

__global__ void rope_row_per_thread(const float* Q, const float* cos_, const float* sin_, float* output, int M,
                                    int D) {
  const int m = blockIdx.x * blockDim.x + threadIdx.x;
  if (m >= M) return;
  const int h = D / 2;
  const size_t row = (size_t)m * D;
  for (int j = 0; j < h; ++j) {
    const float x1 = Q[row + j], x2 = Q[row + j + h];
    output[row + j] = x1 * cos_[row + j] - x2 * sin_[row + j];
    output[row + j + h] = x2 * cos_[row + j + h] + x1 * sin_[row + j + h];
  }
}

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
  const int threads = 256;
  rope_row_per_thread<<<(M + threads - 1) / threads, threads>>>(Q, cos, sin, output, M, D);
  cudaDeviceSynchronize();
}
