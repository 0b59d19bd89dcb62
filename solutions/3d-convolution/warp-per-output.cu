// One warp per output: lane t takes tap (t / kernel_cols, t % kernel_cols) of every kernel plane
// (at most 25 of the 32 lanes work), and the partial sums are added with warp shuffles; lane 0
// stores.
//
// Each lane does only kernel_depth multiply-adds, so the shuffle reduction and the per-output
// index arithmetic cost more than the work they share out, and a warp's loads spread over up to 5
// input rows: several times slower than one thread per output, far better than a few blocks.
#include <cuda_runtime.h>

__global__ void conv3d_warp_per_output(const float* input, const float* kernel, float* output, int input_rows,
                                       int input_cols, int kernel_depth, int kernel_rows, int kernel_cols,
                                       int out_rows, int out_cols, int out_count) {
  const int o = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  const int lane = threadIdx.x & 31;
  if (o >= out_count) return;  // o is the same for the whole warp, so whole warps leave together
  const int c = o % out_cols;
  const int r = o / out_cols % out_rows;
  const int d = o / (out_cols * out_rows);
  float sum = 0.0f;
  if (lane < kernel_rows * kernel_cols) {
    const int kr = lane / kernel_cols, kc = lane % kernel_cols;
    for (int kd = 0; kd < kernel_depth; ++kd)
      sum += input[((d + kd) * input_rows + r + kr) * input_cols + c + kc] *
             kernel[(kd * kernel_rows + kr) * kernel_cols + kc];
  }
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (lane == 0) output[o] = sum;
}

extern "C" void solve(const float* input, const float* kernel, float* output, int input_depth, int input_rows,
                      int input_cols, int kernel_depth, int kernel_rows, int kernel_cols) {
  const int out_depth = input_depth - kernel_depth + 1;
  const int out_rows = input_rows - kernel_rows + 1;
  const int out_cols = input_cols - kernel_cols + 1;
  const int out_count = out_depth * out_rows * out_cols;
  const int threads = 256;  // 8 outputs per block
  const int blocks = (out_count + threads / 32 - 1) / (threads / 32);
  conv3d_warp_per_output<<<blocks, threads>>>(input, kernel, output, input_rows, input_cols, kernel_depth,
                                              kernel_rows, kernel_cols, out_rows, out_cols, out_count);
  cudaDeviceSynchronize();
}
