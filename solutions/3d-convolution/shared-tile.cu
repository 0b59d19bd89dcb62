// Shared tile: each block computes 32 x 8 outputs of one output depth from an input tile (the
// kernel_depth planes it needs, with the halo) staged in shared memory; the kernel is in
// __constant__ memory. One output per thread.
//
// Every input value comes from global memory once per block and the 125 tap reads become
// shared-memory loads, which are cheaper than L1 hits; still one load per multiply-add.
#include <cuda_runtime.h>

namespace {

constexpr int kTX = 32;  // outputs per block along a row
constexpr int kTY = 8;   // output rows per block
constexpr int kK = 5;    // largest kernel size in every dimension

__constant__ float c_kernel[kK * kK * kK];

__global__ void __launch_bounds__(kTX * kTY)
conv3d_shared(const float* __restrict__ input, float* __restrict__ output, int input_rows, int input_cols,
              int kernel_depth, int kernel_rows, int kernel_cols, int out_rows, int out_cols) {
  __shared__ float tile[kK][kTY + kK - 1][kTX + kK - 1];
  const int c0 = blockIdx.x * kTX, r0 = blockIdx.y * kTY, d = blockIdx.z;
  const int th = kTY + kernel_rows - 1, tw = kTX + kernel_cols - 1;
  for (int i = threadIdx.y * kTX + threadIdx.x; i < kernel_depth * th * tw; i += kTX * kTY) {
    const int kd = i / (th * tw);
    const int rem = i - kd * th * tw;
    const int rr = rem / tw, cc = rem - rr * tw;
    const int gr = r0 + rr, gc = c0 + cc;
    tile[kd][rr][cc] = (gr < input_rows && gc < input_cols) ? input[((d + kd) * input_rows + gr) * input_cols + gc] : 0.0f;
  }
  __syncthreads();

  const int c = c0 + threadIdx.x, r = r0 + threadIdx.y;
  if (r >= out_rows || c >= out_cols) return;
  float sum = 0.0f;
  for (int kd = 0; kd < kernel_depth; ++kd)
    for (int kr = 0; kr < kernel_rows; ++kr)
      for (int kc = 0; kc < kernel_cols; ++kc)
        sum += tile[kd][threadIdx.y + kr][threadIdx.x + kc] * c_kernel[(kd * kernel_rows + kr) * kernel_cols + kc];
  output[(d * out_rows + r) * out_cols + c] = sum;
}

}  // namespace

extern "C" void solve(const float* input, const float* kernel, float* output, int input_depth, int input_rows,
                      int input_cols, int kernel_depth, int kernel_rows, int kernel_cols) {
  const int out_depth = input_depth - kernel_depth + 1;
  const int out_rows = input_rows - kernel_rows + 1;
  const int out_cols = input_cols - kernel_cols + 1;
  cudaMemcpyToSymbol(c_kernel, kernel, sizeof(float) * kernel_depth * kernel_rows * kernel_cols, 0,
                     cudaMemcpyDeviceToDevice);
  const dim3 threads(kTX, kTY);
  const dim3 blocks((out_cols + kTX - 1) / kTX, (out_rows + kTY - 1) / kTY, out_depth);
  conv3d_shared<<<blocks, threads>>>(input, output, input_rows, input_cols, kernel_depth, kernel_rows, kernel_cols,
                                     out_rows, out_cols);
}
