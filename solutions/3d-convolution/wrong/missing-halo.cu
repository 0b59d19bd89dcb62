// WRONG (WA): a shared tile without the halo. Each 32 x 8 block stages only the input positions
// of its own outputs (for every kernel plane) and treats taps past the tile's edge as 0, so the
// outputs near a tile's right or bottom edge lose terms. The examples fit in one tile and pass;
// the rows-only test (40 rows, a 5-row kernel) fails.
#include <cuda_runtime.h>

__global__ void conv3d_no_halo(const float* input, const float* kernel, float* output, int input_rows, int input_cols,
                               int kernel_depth, int kernel_rows, int kernel_cols, int out_rows, int out_cols) {
  __shared__ float tile[5][8][32];
  const int c0 = blockIdx.x * 32, r0 = blockIdx.y * 8, d = blockIdx.z;
  for (int kd = 0; kd < kernel_depth; ++kd) {
    const int gr = r0 + threadIdx.y, gc = c0 + threadIdx.x;
    tile[kd][threadIdx.y][threadIdx.x] =
        (gr < input_rows && gc < input_cols) ? input[((d + kd) * input_rows + gr) * input_cols + gc] : 0.0f;
  }
  __syncthreads();
  const int c = c0 + threadIdx.x, r = r0 + threadIdx.y;
  if (r >= out_rows || c >= out_cols) return;
  float sum = 0.0f;
  for (int kd = 0; kd < kernel_depth; ++kd)
    for (int kr = 0; kr < kernel_rows; ++kr)
      for (int kc = 0; kc < kernel_cols; ++kc) {
        const int tr = threadIdx.y + kr, tc = threadIdx.x + kc;
        const float v = (tr < 8 && tc < 32) ? tile[kd][tr][tc] : 0.0f;  // the halo is missing
        sum += v * kernel[(kd * kernel_rows + kr) * kernel_cols + kc];
      }
  output[(d * out_rows + r) * out_cols + c] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_depth, int input_rows,
                      int input_cols, int kernel_depth, int kernel_rows, int kernel_cols) {
  const int out_depth = input_depth - kernel_depth + 1;
  const int out_rows = input_rows - kernel_rows + 1;
  const int out_cols = input_cols - kernel_cols + 1;
  const dim3 threads(32, 8);
  const dim3 blocks((out_cols + 31) / 32, (out_rows + 7) / 8, out_depth);
  conv3d_no_halo<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_depth, kernel_rows,
                                      kernel_cols, out_rows, out_cols);
  cudaDeviceSynchronize();
}
