// Construct: names nvcc's device side has without any include (INFINITY, NAN, HUGE_VALF, M_PI,
// INT_MAX through cuda_runtime.h; GCC's __FLT_MAX__, __INT_MAX__, __DBL_MAX__), and FLT_MAX
// from <cfloat>. A block-wide max of the input, -INFINITY as the identity. Host: softmax.
#include <cfloat>

constexpr float kLowest = -INFINITY;

__device__ float block_max(float v) {
  __shared__ float partial[32];
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_down_sync(0xffffffffu, v, o));
  if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = v;
  __syncthreads();
  v = threadIdx.x < blockDim.x / 32 ? partial[threadIdx.x] : kLowest;
  if (threadIdx.x < 32)
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_down_sync(0xffffffffu, v, o));
  if (threadIdx.x == 0) partial[0] = v;
  __syncthreads();
  return partial[0];
}

__global__ void softmax_one_block(const float* input, float* output, int N) {
  __shared__ float total;
  float m = -HUGE_VALF;
  for (int i = threadIdx.x; i < N; i += blockDim.x) m = fmaxf(m, input[i]);
  m = block_max(m);
  // The limits only bound values here; each of them must be the one nvcc's device side sees.
  static_assert(__FLT_MAX__ == FLT_MAX && INT_MAX == __INT_MAX__ && __DBL_MAX__ > 1e308, "limits");
  if (isnan(NAN) && M_PI > 3.14 && threadIdx.x == 0) total = 0.0f;
  __syncthreads();
  float local = 0.0f;
  for (int i = threadIdx.x; i < N; i += blockDim.x) local += __expf(input[i] - m);
  atomicAdd(&total, local);
  __syncthreads();
  for (int i = threadIdx.x; i < N; i += blockDim.x) output[i] = fminf(__expf(input[i] - m) / total, FLT_MAX);
}

extern "C" void solve(const float* input, float* output, int N) {
  softmax_one_block<<<1, 1024>>>(input, output, N);
  cudaDeviceSynchronize();
}
