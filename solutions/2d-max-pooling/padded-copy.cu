// Explicit padding: a first kernel copies the input into a scratch buffer with a border of
// -infinity `padding` wide, a second pools the padded planes with no bounds checks at all.
//
// The pooling loop is branch-free, but the image crosses memory three times instead of once
// (read, write padded, read padded): roughly 2.6 times the traffic of the naive kernel.
#include <cuda_runtime.h>
#include <math.h>

namespace {

float* scratch = nullptr;  // grows when a larger case comes; kept between calls
size_t scratch_floats = 0;

__global__ void pad_planes(const float* input, float* padded, int total, int H, int W, int padding, int Hp, int Wp) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= total) return;
  const int wp = i % Wp;
  const int hp = i / Wp % Hp;
  const int plane = i / (Wp * Hp);
  const int h = hp - padding, w = wp - padding;
  padded[i] = (h >= 0 && h < H && w >= 0 && w < W) ? input[((size_t)plane * H + h) * W + w] : -INFINITY;
}

__global__ void pool_padded(const float* padded, float* output, int total, int Hp, int Wp, int kernel_size, int stride,
                            int Ho, int Wo) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  if (o >= total) return;
  const int x = o % Wo;
  const int y = o / Wo % Ho;
  const int plane = o / (Wo * Ho);
  const float* src = padded + ((size_t)plane * Hp + y * stride) * Wp + x * stride;
  float m = -INFINITY;
  for (int dh = 0; dh < kernel_size; ++dh)
    for (int dw = 0; dw < kernel_size; ++dw) m = fmaxf(m, src[dh * Wp + dw]);
  output[o] = m;
}

}  // namespace

extern "C" void solve(const float* input, float* output, int N, int C, int H, int W, int kernel_size, int stride,
                      int padding) {
  const int Ho = (H + 2 * padding - kernel_size) / stride + 1;
  const int Wo = (W + 2 * padding - kernel_size) / stride + 1;
  const int Hp = H + 2 * padding, Wp = W + 2 * padding;
  const int padded_total = N * C * Hp * Wp;
  if ((size_t)padded_total > scratch_floats) {
    cudaFree(scratch);
    scratch = nullptr;
    scratch_floats = 0;
    if (cudaMalloc(&scratch, sizeof(float) * (size_t)padded_total) != cudaSuccess) return;
    scratch_floats = padded_total;
  }
  const int threads = 256;
  pad_planes<<<(padded_total + threads - 1) / threads, threads>>>(input, scratch, padded_total, H, W, padding, Hp, Wp);
  const int total = N * C * Ho * Wo;
  pool_padded<<<(total + threads - 1) / threads, threads>>>(scratch, output, total, Hp, Wp, kernel_size, stride, Ho,
                                                            Wo);
  cudaDeviceSynchronize();
}
