// float4: each thread updates 4 neighbouring cells of a row from three float4 loads (its row and
// the rows above and below) and two scalar loads (the cells left and right of the four).
//
// Five load instructions for four cells instead of twenty, and 16-byte accesses: the L1 and the
// load pipeline stop mattering and the kernel runs close to DRAM bandwidth. A float4 row needs
// cols % 4 == 0 (16-byte aligned rows); other widths take the one-cell-per-thread kernel.
#include <cuda_runtime.h>

namespace {

__global__ void __launch_bounds__(256)
jacobi_float4(const float* __restrict__ input, float* __restrict__ output, int rows, int cols) {
  const int quads = cols / 4;
  const int q = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= rows || q >= quads) return;
  const float4* in4 = reinterpret_cast<const float4*>(input);
  const float4 c = in4[i * quads + q];
  float4 o = c;
  if (i > 0 && i < rows - 1) {
    const float4 u = in4[(i - 1) * quads + q];
    const float4 d = in4[(i + 1) * quads + q];
    const int j = 4 * q;
    const float left = j > 0 ? input[i * cols + j - 1] : 0.0f;
    const float right = j + 4 < cols ? input[i * cols + j + 4] : 0.0f;
    o.x = 0.25f * (u.x + d.x + left + c.y);
    o.y = 0.25f * (u.y + d.y + c.x + c.z);
    o.z = 0.25f * (u.z + d.z + c.y + c.w);
    o.w = 0.25f * (u.w + d.w + c.z + right);
    if (j == 0) o.x = c.x;             // first column: border
    if (j + 4 == cols) o.w = c.w;      // last column: border
  }
  reinterpret_cast<float4*>(output)[i * quads + q] = o;
}

__global__ void jacobi_scalar(const float* __restrict__ input, float* __restrict__ output, int rows, int cols) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= rows || j >= cols) return;
  const int idx = i * cols + j;
  float v = input[idx];
  if (i > 0 && j > 0 && i < rows - 1 && j < cols - 1)
    v = 0.25f * (input[idx - cols] + input[idx + cols] + input[idx - 1] + input[idx + 1]);
  output[idx] = v;
}

}  // namespace

extern "C" void solve(const float* input, float* output, int rows, int cols) {
  const dim3 threads(32, 8);
  if (cols % 4 == 0) {
    const dim3 blocks((cols / 4 + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);
    jacobi_float4<<<blocks, threads>>>(input, output, rows, cols);
  } else {
    const dim3 blocks((cols + threads.x - 1) / threads.x, (rows + threads.y - 1) / threads.y);
    jacobi_scalar<<<blocks, threads>>>(input, output, rows, cols);
  }
}
