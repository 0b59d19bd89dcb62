// Warp shuffles and a GPU-sized grid: 8 blocks of 256 threads per SM, each thread walking the
// samples with four independent sums (four loads in flight), each warp reducing its 32 values
// with __shfl_down_sync (five register steps, no shared memory, no barrier), one __syncthreads
// for the 8 warp totals, one atomicAdd of the scaled block total per block.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__global__ void shuffle_estimate(const float* y, float* result, float scale, int n) {
  __shared__ float warp_totals[WARPS];
  const int stride = gridDim.x * blockDim.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s0 = 0.0f, s1 = 0.0f, s2 = 0.0f, s3 = 0.0f;
  for (; i + 3 * stride < n; i += 4 * stride) {
    s0 += y[i];
    s1 += y[i + stride];
    s2 += y[i + 2 * stride];
    s3 += y[i + 3 * stride];
  }
  for (; i < n; i += stride) s0 += y[i];
  float sum = warp_sum((s0 + s1) + (s2 + s3));
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) warp_totals[warp] = sum;
  __syncthreads();
  if (warp == 0) {
    sum = warp_sum(lane < WARPS ? warp_totals[lane] : 0.0f);
    if (lane == 0) atomicAdd(result, sum * scale);
  }
}

extern "C" void solve(const float* y_samples, float* result, float a, float b, int n_samples) {
  static int sm_count = 0;
  if (sm_count == 0) {
    int device = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
  }
  const float scale = (float)(((double)b - (double)a) / n_samples);
  int blocks = (n_samples + THREADS - 1) / THREADS;
  if (blocks > sm_count * 8) blocks = sm_count * 8;
  cudaMemset(result, 0, sizeof(float));
  shuffle_estimate<<<blocks, THREADS>>>(y_samples, result, scale, n_samples);
}
