// Shared tile: each block pools 32 x 8 outputs of one plane (blockIdx.z) from an input tile it
// first stages in shared memory, with -infinity where the tile covers padding.
//
// The tile is loaded row by row (coalesced), each input value once per block, and the window
// scan then needs no bounds checks. Windows that make the tile larger than 48 KB (large strides
// with large kernels) take a direct kernel instead.
#include <cuda_runtime.h>
#include <math.h>

namespace {

constexpr int kTileX = 32;  // outputs per block along a row
constexpr int kTileY = 8;   // output rows per block
constexpr size_t kMaxTileBytes = 48 * 1024;

__global__ void __launch_bounds__(kTileX * kTileY)
max_pool_shared(const float* __restrict__ input, float* __restrict__ output, int H, int W, int kernel_size, int stride,
                int padding, int Ho, int Wo, int tile_w, int tile_h) {
  extern __shared__ float tile[];  // tile_h x tile_w
  const int plane = blockIdx.z;
  const int x0 = blockIdx.x * kTileX, y0 = blockIdx.y * kTileY;
  const int h_base = y0 * stride - padding, w_base = x0 * stride - padding;
  const float* src = input + (size_t)plane * H * W;
  const int tid = threadIdx.y * kTileX + threadIdx.x;
  for (int i = tid; i < tile_h * tile_w; i += kTileX * kTileY) {
    const int r = i / tile_w, c = i - r * tile_w;
    const int h = h_base + r, w = w_base + c;
    tile[i] = (h >= 0 && h < H && w >= 0 && w < W) ? src[h * W + w] : -INFINITY;
  }
  __syncthreads();

  const int x = x0 + threadIdx.x, y = y0 + threadIdx.y;
  if (x >= Wo || y >= Ho) return;
  const float* t = tile + threadIdx.y * stride * tile_w + threadIdx.x * stride;
  float m = -INFINITY;
  for (int dh = 0; dh < kernel_size; ++dh)
    for (int dw = 0; dw < kernel_size; ++dw) m = fmaxf(m, t[dh * tile_w + dw]);
  output[((size_t)plane * Ho + y) * Wo + x] = m;
}

__global__ void max_pool_direct(const float* __restrict__ input, float* __restrict__ output, int H, int W,
                                int kernel_size, int stride, int padding, int Ho, int Wo) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const int plane = blockIdx.z;
  if (x >= Wo || y >= Ho) return;
  const float* src = input + (size_t)plane * H * W;
  float m = -INFINITY;
  for (int dh = 0; dh < kernel_size; ++dh) {
    const int h = y * stride - padding + dh;
    if (h < 0 || h >= H) continue;
    for (int dw = 0; dw < kernel_size; ++dw) {
      const int w = x * stride - padding + dw;
      if (w >= 0 && w < W) m = fmaxf(m, src[h * W + w]);
    }
  }
  output[((size_t)plane * Ho + y) * Wo + x] = m;
}

}  // namespace

extern "C" void solve(const float* input, float* output, int N, int C, int H, int W, int kernel_size, int stride,
                      int padding) {
  const int Ho = (H + 2 * padding - kernel_size) / stride + 1;
  const int Wo = (W + 2 * padding - kernel_size) / stride + 1;
  const int tile_w = (kTileX - 1) * stride + kernel_size;
  const int tile_h = (kTileY - 1) * stride + kernel_size;
  const size_t tile_bytes = sizeof(float) * tile_w * tile_h;
  const dim3 threads(kTileX, kTileY);
  const dim3 blocks((Wo + kTileX - 1) / kTileX, (Ho + kTileY - 1) / kTileY, N * C);
  if (tile_bytes <= kMaxTileBytes) {
    max_pool_shared<<<blocks, threads, tile_bytes>>>(input, output, H, W, kernel_size, stride, padding, Ho, Wo, tile_w,
                                                     tile_h);
  } else {
    max_pool_direct<<<blocks, threads>>>(input, output, H, W, kernel_size, stride, padding, Ho, Wo);
  }
}
