// Construct: the C and C++ headers a kernel file commonly includes, each used: on the device side
// <cmath> (expf, fmaxf), <cfloat> (FLT_MAX), <climits> (INT_MAX), <cstdint> (uint32_t),
// <cassert> (assert), <cstddef> (std::size_t), <algorithm> (std::max, std::min) and <limits>
// (std::numeric_limits<float>::infinity(), a constexpr host function nvcc lets device code call);
// on the host side <cstdio>, <cstdlib>, <cstring>, <vector>, <numeric>, <utility> and
// <type_traits>. Softmax of the whole input in one block. Host: softmax.
#include <algorithm>
#include <cassert>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

__device__ float block_reduce(float v, bool take_max) {
  __shared__ float partial[32];
  for (int o = 16; o > 0; o >>= 1) {
    const float other = __shfl_down_sync(0xffffffffu, v, o);
    v = take_max ? std::max(v, other) : v + other;
  }
  if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = v;
  __syncthreads();
  const float identity = take_max ? -std::numeric_limits<float>::infinity() : 0.0f;
  v = threadIdx.x < blockDim.x / 32 ? partial[threadIdx.x] : identity;
  if (threadIdx.x < 32)
    for (int o = 16; o > 0; o >>= 1) {
      const float other = __shfl_down_sync(0xffffffffu, v, o);
      v = take_max ? fmaxf(v, other) : v + other;
    }
  __syncthreads();  // every warp has read partial[] before thread 0 overwrites it
  if (threadIdx.x == 0) partial[0] = v;
  __syncthreads();
  const float result = partial[0];
  __syncthreads();  // read by all before the next call writes partial[] again
  return result;
}

__global__ void softmax_one_block(const float* input, float* output, int N) {
  assert(blockDim.x % 32 == 0 && N <= INT_MAX);
  const std::size_t n = static_cast<std::size_t>(N);
  float m = -FLT_MAX;
  for (std::size_t i = threadIdx.x; i < n; i += blockDim.x) m = std::max(m, input[i]);
  m = block_reduce(m, true);
  float local = 0.0f;
  for (std::size_t i = threadIdx.x; i < n; i += blockDim.x) local += expf(input[i] - m);
  const float total = block_reduce(local, false);
  const uint32_t stride = blockDim.x;
  for (uint32_t i = threadIdx.x; i < static_cast<uint32_t>(N); i += stride)
    output[i] = std::min(expf(input[i] - m) / total, 1.0f);
}

extern "C" void solve(const float* input, float* output, int N) {
  static_assert(std::is_same<decltype(N), int>::value, "N is an int");
  std::vector<int> sizes = {256, 512, 1024};
  const int threads = std::accumulate(sizes.begin(), sizes.end(), 0) - 768;  // 1024
  char label[16];
  std::memset(label, 0, sizeof label);
  std::snprintf(label, sizeof label, "%d", std::abs(threads));
  if (std::strlen(label) == 0) std::exit(1);
  softmax_one_block<<<1, std::min(threads, 1024)>>>(input, output, N);
  cudaDeviceSynchronize();
}
