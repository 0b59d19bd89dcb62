// float2: one thread per two neighbouring pairs, with 8-byte loads and stores of both halves.
// Needs D % 4 == 0 (so both halves of a row start 8-byte aligned); other sizes use one thread
// per pair.
//
// Twice the bytes per memory instruction of the pair kernel and half the threads, so more of the
// 2 GB is in flight per warp; float4.cu doubles it again.
#include <cuda_runtime.h>

namespace {

__global__ void rope_float2(const float* __restrict__ Q, const float* __restrict__ cos_, const float* __restrict__ sin_,
                            float* __restrict__ output, int groups, int h) {
  const int g = blockIdx.x * blockDim.x + threadIdx.x;  // pairs 2g and 2g + 1 of the flattened first halves
  if (g >= groups) return;
  const int per_row = h / 2;
  const int m = g / per_row, k = g - m * per_row;
  const int i = m * 2 * h + 2 * k;
  const float2 x1 = *reinterpret_cast<const float2*>(Q + i);
  const float2 x2 = *reinterpret_cast<const float2*>(Q + i + h);
  const float2 c1 = *reinterpret_cast<const float2*>(cos_ + i);
  const float2 c2 = *reinterpret_cast<const float2*>(cos_ + i + h);
  const float2 s1 = *reinterpret_cast<const float2*>(sin_ + i);
  const float2 s2 = *reinterpret_cast<const float2*>(sin_ + i + h);
  *reinterpret_cast<float2*>(output + i) = make_float2(x1.x * c1.x - x2.x * s1.x, x1.y * c1.y - x2.y * s1.y);
  *reinterpret_cast<float2*>(output + i + h) = make_float2(x2.x * c2.x + x1.x * s2.x, x2.y * c2.y + x1.y * s2.y);
}

__global__ void rope_pair(const float* __restrict__ Q, const float* __restrict__ cos_, const float* __restrict__ sin_,
                          float* __restrict__ output, int pairs, int h) {
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= pairs) return;
  const int m = p / h, j = p - m * h;
  const int i = m * 2 * h + j;
  const float x1 = Q[i], x2 = Q[i + h];
  output[i] = x1 * cos_[i] - x2 * sin_[i];
  output[i + h] = x2 * cos_[i + h] + x1 * sin_[i + h];
}

}  // namespace

extern "C" void solve(float* Q, float* cos, float* sin, float* output, int M, int D) {
  const int h = D / 2;
  const int threads = 256;
  if (h % 2 == 0) {
    const int groups = M * (h / 2);
    rope_float2<<<(groups + threads - 1) / threads, threads>>>(Q, cos, sin, output, groups, h);
  } else {
    const int pairs = M * h;
    rope_pair<<<(pairs + threads - 1) / threads, threads>>>(Q, cos, sin, output, pairs, h);
  }
}
