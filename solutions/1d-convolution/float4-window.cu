// Register window: each thread computes 4 consecutive outputs from a window of 8 input values
// in registers, refilled with one 16-byte shared load per 4 taps; the kernel is read 4 taps at a
// time with a float4 broadcast. Each input value loaded serves 4 multiply-adds, so shared memory
// stops being the limit; best.cu widens the window to 8 outputs and 16 values.
#include <cuda_runtime.h>

namespace {

constexpr int kThreads = 256;
constexpr int kPerThread = 4;
constexpr int kOutPerBlock = kThreads * kPerThread;  // 1024

__global__ void __launch_bounds__(kThreads)
convolution_1d_window4(const float* __restrict__ input, const float* __restrict__ kernel,
                       float* __restrict__ output, int input_size, int kernel_size, int padded_taps) {
  extern __shared__ __align__(16) float smem[];
  float* k_s = smem;                 // padded_taps floats, zeros past kernel_size
  float* in_s = smem + padded_taps;  // kOutPerBlock + padded_taps floats, zeros past input_size

  const int tid = threadIdx.x;
  const int first = blockIdx.x * kOutPerBlock;  // a multiple of 4: float4 loads are aligned

  for (int j = tid; j < padded_taps; j += kThreads) k_s[j] = j < kernel_size ? kernel[j] : 0.0f;
  const int span4 = (kOutPerBlock + padded_taps) / 4;
  for (int c = tid; c < span4; c += kThreads) {
    const int g = first + 4 * c;
    float4 v;
    if (g + 3 < input_size) {
      v = *reinterpret_cast<const float4*>(input + g);
    } else {
      v.x = g + 0 < input_size ? input[g + 0] : 0.0f;
      v.y = g + 1 < input_size ? input[g + 1] : 0.0f;
      v.z = g + 2 < input_size ? input[g + 2] : 0.0f;
      v.w = g + 3 < input_size ? input[g + 3] : 0.0f;
    }
    reinterpret_cast<float4*>(in_s)[c] = v;
  }
  __syncthreads();

  // Thread t owns outputs base .. base + 3; consecutive threads read consecutive float4s, so the
  // 16-byte shared loads are conflict-free without any swizzle.
  const int base = tid * kPerThread;
  float acc[kPerThread] = {0.0f, 0.0f, 0.0f, 0.0f};
  float win[8];  // win[m] = in_s[base + j0 + m]
  {
    const float4 a = *reinterpret_cast<const float4*>(in_s + base);
    win[0] = a.x; win[1] = a.y; win[2] = a.z; win[3] = a.w;
  }
  for (int j0 = 0; j0 < padded_taps; j0 += 4) {
    const float4 a = *reinterpret_cast<const float4*>(in_s + base + j0 + 4);
    win[4] = a.x; win[5] = a.y; win[6] = a.z; win[7] = a.w;
    const float4 kv = *reinterpret_cast<const float4*>(k_s + j0);
    const float k[4] = {kv.x, kv.y, kv.z, kv.w};
#pragma unroll
    for (int t = 0; t < 4; ++t) {
#pragma unroll
      for (int r = 0; r < kPerThread; ++r) acc[r] = fmaf(win[r + t], k[t], acc[r]);
    }
#pragma unroll
    for (int m = 0; m < 4; ++m) win[m] = win[m + 4];
  }

  const int output_size = input_size - kernel_size + 1;
  const int o = first + base;
  if (o + kPerThread <= output_size) {
    *reinterpret_cast<float4*>(output + o) = make_float4(acc[0], acc[1], acc[2], acc[3]);
  } else {
#pragma unroll
    for (int r = 0; r < kPerThread; ++r) {
      if (o + r < output_size) output[o + r] = acc[r];
    }
  }
}

}  // namespace

extern "C" void solve(const float* input, const float* kernel, float* output, int input_size, int kernel_size) {
  const int output_size = input_size - kernel_size + 1;
  const int padded_taps = (kernel_size + 3) / 4 * 4;
  const int blocks = (output_size + kOutPerBlock - 1) / kOutPerBlock;
  const size_t smem = sizeof(float) * ((size_t)kOutPerBlock + 2 * (size_t)padded_taps);  // at most 20 KB
  convolution_1d_window4<<<blocks, kThreads, smem>>>(input, kernel, output, input_size, kernel_size, padded_taps);
  cudaDeviceSynchronize();
}
