// Construct: __half and __nv_bfloat16 arithmetic inside a kernel (cuda_fp16.h, cuda_bf16.h).
// Host: count-array-element. Each thread's match flag (0 or 1) is summed across the warp in
// half precision (at most 32: exact), the warp counts across the block in bfloat16 (at most
// 256 = 2^8: exact with bf16's 8 significant bits), and the block count is added as an int.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

static const int kThreads = 256;

__global__ void count_matches(const int* input, int* output, int N, int K) {
  __shared__ __nv_bfloat16 warp_counts[kThreads / 32];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half flag = (i < N && input[i] == K) ? __float2half(1.0f) : __float2half(0.0f);
  for (int offset = 16; offset > 0; offset /= 2) flag = __hadd(flag, __shfl_xor_sync(0xffffffffu, flag, offset));
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) warp_counts[warp] = __float2bfloat16(__half2float(flag));
  __syncthreads();
  if (threadIdx.x == 0) {
    __nv_bfloat16 total = __float2bfloat16(0.0f);
    for (int w = 0; w < kThreads / 32; ++w) total = __hadd(total, warp_counts[w]);
    const int count = static_cast<int>(__bfloat162float(total));
    if (count > 0) atomicAdd(output, count);
  }
}

extern "C" void solve(const int* input, int* output, int N, int K) {
  cudaMemset(output, 0, sizeof(int));
  count_matches<<<(N + kThreads - 1) / kThreads, kThreads>>>(input, output, N, K);
  cudaDeviceSynchronize();
}
