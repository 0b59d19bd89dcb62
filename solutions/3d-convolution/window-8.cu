// Register window, 8 outputs per thread: each block stages the kernel_depth input planes of one
// output depth (4 output rows x 256 columns plus the halo) in shared memory; each thread slides
// over one kernel row at a time, holding 8 + 4 inputs in registers. Kernel in __constant__ memory.
//
// 8 neighbouring outputs per thread: each kernel row's 12 inputs arrive in three float4 shared
// loads and serve 8 x kernel_cols multiply-adds, each weight fetch 8 outputs. Close to the
// arithmetic limit for one output depth per block; the input planes are still staged again by
// each of the kernel_depth blocks that need them.
#include <cuda_runtime.h>

namespace {

constexpr int kN = 8;                   // outputs per thread along a row
constexpr int kTX = 32;
constexpr int kTY = 4;                   // output rows per block
constexpr int kK = 5;                    // largest kernel size in every dimension
constexpr int kPitch = kTX * kN + kK - 1;  // tile row length, a multiple of 4

__constant__ float c_kernel[kK * kK * kK];

__global__ void __launch_bounds__(kTX * kTY)
conv3d_window(const float* __restrict__ input, float* __restrict__ output, int input_rows, int input_cols,
              int kernel_depth, int kernel_rows, int kernel_cols, int out_rows, int out_cols) {
  __shared__ __align__(16) float tile[kK][kTY + kK - 1][kPitch];
  const int c0 = blockIdx.x * (kTX * kN), r0 = blockIdx.y * kTY, d = blockIdx.z;
  const int th = kTY + kernel_rows - 1, tw = kTX * kN + kernel_cols - 1;
  for (int i = threadIdx.y * kTX + threadIdx.x; i < kernel_depth * th * tw; i += kTX * kTY) {
    const int kd = i / (th * tw);
    const int rem = i - kd * th * tw;
    const int rr = rem / tw, cc = rem - rr * tw;
    const int gr = r0 + rr, gc = c0 + cc;
    tile[kd][rr][cc] = (gr < input_rows && gc < input_cols) ? input[((d + kd) * input_rows + gr) * input_cols + gc] : 0.0f;
  }
  __syncthreads();

  float acc[kN];
#pragma unroll
  for (int i = 0; i < kN; ++i) acc[i] = 0.0f;
  for (int kd = 0; kd < kernel_depth; ++kd) {
    for (int kr = 0; kr < kernel_rows; ++kr) {
      const float* row = &tile[kd][threadIdx.y + kr][threadIdx.x * kN];
      float win[kN + 4];  // only the first kN + kernel_cols - 1 are used
      const float4* p = reinterpret_cast<const float4*>(row);
#pragma unroll
      for (int j = 0; j < (kN + 4) / 4; ++j) {
        const float4 v = p[j];
        win[4 * j] = v.x; win[4 * j + 1] = v.y; win[4 * j + 2] = v.z; win[4 * j + 3] = v.w;
      }
      const float* w = c_kernel + (kd * kernel_rows + kr) * kernel_cols;
#pragma unroll
      for (int kc = 0; kc < kK; ++kc) {
        if (kc < kernel_cols) {
          const float wk = w[kc];
#pragma unroll
          for (int i = 0; i < kN; ++i) acc[i] = fmaf(win[i + kc], wk, acc[i]);
        }
      }
    }
  }

  const int r = r0 + threadIdx.y;
  if (r >= out_rows) return;
  float* dst = output + (d * out_rows + r) * out_cols;
#pragma unroll
  for (int i = 0; i < kN; ++i) {
    const int c = c0 + threadIdx.x * kN + i;
    if (c < out_cols) dst[c] = acc[i];
  }
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
  const dim3 blocks((out_cols + kTX * kN - 1) / (kTX * kN), (out_rows + kTY - 1) / kTY, out_depth);
  conv3d_window<<<blocks, threads>>>(input, output, input_rows, input_cols, kernel_depth, kernel_rows, kernel_cols,
                                     out_rows, out_cols);
}
