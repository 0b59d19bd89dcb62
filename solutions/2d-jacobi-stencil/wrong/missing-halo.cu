// WRONG (WA): a shared tile without the halo. Each 32 x 8 block stages only its own cells, and a
// neighbour outside the tile is taken as the cell itself (clamped to the tile), so every cell
// on a tile edge averages the wrong values. The examples fit in one tile and pass; the first
// grid with interior cells on a tile edge (interior-row, 3 x 1001) fails.
#include <cuda_runtime.h>

__global__ void jacobi_no_halo(const float* input, float* output, int rows, int cols) {
  __shared__ float tile[8][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int j = blockIdx.x * 32 + tx;
  const int i = blockIdx.y * 8 + ty;
  const bool inside = i < rows && j < cols;
  tile[ty][tx] = inside ? input[i * cols + j] : 0.0f;
  __syncthreads();
  if (!inside) return;
  float v = tile[ty][tx];
  if (i > 0 && j > 0 && i < rows - 1 && j < cols - 1) {
    const float up = tile[ty > 0 ? ty - 1 : ty][tx];
    const float down = tile[ty < 7 ? ty + 1 : ty][tx];
    const float left = tile[ty][tx > 0 ? tx - 1 : tx];
    const float right = tile[ty][tx < 31 ? tx + 1 : tx];
    v = 0.25f * (up + down + left + right);
  }
  output[i * cols + j] = v;
}

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(32, 8);
  const dim3 blocks((cols + 31) / 32, (rows + 7) / 8);
  jacobi_no_halo<<<blocks, threads>>>(input, output, rows, cols);
  cudaDeviceSynchronize();
}
