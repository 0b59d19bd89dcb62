// Shared tile: each 32 x 8 block stages its cells plus a one-cell halo in shared memory, then
// every thread averages its four neighbours from the tile.
//
// Each input value is read from global memory once per block (plus the halo), and the four
// neighbour reads become shared-memory loads, which spares the L1 four of the naive kernel's
// five global loads per cell; warps also span one row instead of two.
#include <cuda_runtime.h>

namespace {

constexpr int kTileX = 32;
constexpr int kTileY = 8;

__device__ __forceinline__ float cell(const float* input, int rows, int cols, int i, int j) {
  return (i >= 0 && i < rows && j >= 0 && j < cols) ? input[i * cols + j] : 0.0f;
}

__global__ void __launch_bounds__(kTileX * kTileY)
jacobi_shared_tile(const float* __restrict__ input, float* __restrict__ output, int rows, int cols) {
  __shared__ float tile[kTileY + 2][kTileX + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int j = blockIdx.x * kTileX + tx;
  const int i = blockIdx.y * kTileY + ty;

  tile[ty + 1][tx + 1] = cell(input, rows, cols, i, j);
  if (ty == 0) tile[0][tx + 1] = cell(input, rows, cols, i - 1, j);
  if (ty == kTileY - 1) tile[kTileY + 1][tx + 1] = cell(input, rows, cols, i + 1, j);
  if (tx == 0) tile[ty + 1][0] = cell(input, rows, cols, i, j - 1);
  if (tx == kTileX - 1) tile[ty + 1][kTileX + 1] = cell(input, rows, cols, i, j + 1);
  __syncthreads();

  if (i >= rows || j >= cols) return;
  float v = tile[ty + 1][tx + 1];
  if (i > 0 && j > 0 && i < rows - 1 && j < cols - 1)
    v = 0.25f * (tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] + tile[ty + 1][tx + 2]);
  output[i * cols + j] = v;
}

}  // namespace

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(kTileX, kTileY);
  const dim3 blocks((cols + kTileX - 1) / kTileX, (rows + kTileY - 1) / kTileY);
  jacobi_shared_tile<<<blocks, threads>>>(input, output, rows, cols);
}
