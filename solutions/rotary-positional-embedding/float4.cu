// float4: one thread per four neighbouring pairs, with 16-byte loads and stores of both halves.
// Needs D % 8 == 0 (so both halves of a row start 16-byte aligned); other sizes use one thread
// per pair.
//
// Six 16-byte loads and two 16-byte stores carry the thread's 32 floats: the fewest memory
// instructions per byte, close to the copy bandwidth.
#include <cuda_runtime.h>

namespace {

__global__ void rope_float4(const float* __restrict__ Q, const float* __restrict__ cos_, const float* __restrict__ sin_,
                            float* __restrict__ output, int groups, int h) {
  const int g = blockIdx.x * blockDim.x + threadIdx.x;  // pairs 4g .. 4g + 3 of the flattened first halves
  if (g >= groups) return;
  const int per_row = h / 4;
  const int m = g / per_row, k = g - m * per_row;
  const int i = m * 2 * h + 4 * k;
  const float4 x1 = *reinterpret_cast<const float4*>(Q + i);
  const float4 x2 = *reinterpret_cast<const float4*>(Q + i + h);
  const float4 c1 = *reinterpret_cast<const float4*>(cos_ + i);
  const float4 c2 = *reinterpret_cast<const float4*>(cos_ + i + h);
  const float4 s1 = *reinterpret_cast<const float4*>(sin_ + i);
  const float4 s2 = *reinterpret_cast<const float4*>(sin_ + i + h);
  *reinterpret_cast<float4*>(output + i) = make_float4(x1.x * c1.x - x2.x * s1.x, x1.y * c1.y - x2.y * s1.y,
                                                       x1.z * c1.z - x2.z * s1.z, x1.w * c1.w - x2.w * s1.w);
  *reinterpret_cast<float4*>(output + i + h) = make_float4(x2.x * c2.x + x1.x * s2.x, x2.y * c2.y + x1.y * s2.y,
                                                           x2.z * c2.z + x1.z * s2.z, x2.w * c2.w + x1.w * s2.w);
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
  if (h % 4 == 0) {
    const int groups = M * (h / 4);
    rope_float4<<<(groups + threads - 1) / threads, threads>>>(Q, cos, sin, output, groups, h);
  } else {
    const int pairs = M * h;
    rope_pair<<<(pairs + threads - 1) / threads, threads>>>(Q, cos, sin, output, pairs, h);
  }
}
