// Best: float4 loads, warp shuffles, and one launch with no memset and no atomics on result.
//
// - Each thread reads 16 bytes at a time (float4), two loads per iteration into separate
//   accumulators: a quarter of the load instructions of shuffle, eight samples in flight.
// - Blocks write their totals to slots of a small device array and bump a counter; the block
//   that finishes last adds the slots up and writes (b - a) * sum / n_samples. One kernel, no
//   cudaMemset, and the same result bit for bit on every run (no atomic ordering on floats).
// - The samples may start at an address that is not 16-byte aligned: the first 0-3 (up to the
//   first aligned address) and the last 0-3 are read one at a time.
#include <cuda_runtime.h>
#include <stdint.h>

#define THREADS 512
#define WARPS (THREADS / 32)
#define MAX_BLOCKS 1024

__device__ float block_totals[MAX_BLOCKS];
__device__ unsigned int blocks_done = 0;

__device__ __forceinline__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

// The sum of v over the block, valid in thread 0.
__device__ float block_sum(float v) {
  __shared__ float warp_totals[WARPS];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  v = warp_sum(v);
  if (lane == 0) warp_totals[warp] = v;
  __syncthreads();
  v = 0.0f;
  if (warp == 0) v = warp_sum(lane < WARPS ? warp_totals[lane] : 0.0f);
  return v;
}

__device__ __forceinline__ void add4(float4& acc, const float4 x) {
  acc.x += x.x;
  acc.y += x.y;
  acc.z += x.z;
  acc.w += x.w;
}

// head: how many samples come before the first 16-byte aligned address (0-3).
__global__ void __launch_bounds__(THREADS) vec_estimate(const float* y, float* result, float scale, int n, int head) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x, stride = gridDim.x * blockDim.x;
  float sum = gid < head ? y[gid] : 0.0f;
  const float4* vec = reinterpret_cast<const float4*>(y + head);
  const int n_vec = (n - head) / 4;
  float4 p = make_float4(0.0f, 0.0f, 0.0f, 0.0f), q = p;
  int i = gid;
  for (; i + stride < n_vec; i += 2 * stride) {
    add4(p, vec[i]);
    add4(q, vec[i + stride]);
  }
  if (i < n_vec) add4(p, vec[i]);
  const int tail = head + 4 * n_vec + gid;  // at most 3 samples after the last float4
  if (tail < n) sum += y[tail];
  sum += ((p.x + p.y) + (p.z + p.w)) + ((q.x + q.y) + (q.z + q.w));
  sum = block_sum(sum);

  __shared__ bool is_last;
  if (threadIdx.x == 0) {
    block_totals[blockIdx.x] = sum;
    __threadfence();  // the slot is visible before the counter says so
    is_last = atomicAdd(&blocks_done, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (is_last) {
    float total = 0.0f;
    for (int j = threadIdx.x; j < gridDim.x; j += blockDim.x) total += __ldcg(&block_totals[j]);
    total = block_sum(total);
    if (threadIdx.x == 0) {
      result[0] = total * scale;
      blocks_done = 0;  // ready for the next call
    }
  }
}

extern "C" void solve(const float* y_samples, float* result, float a, float b, int n_samples) {
  static int max_blocks = 0;
  if (max_blocks == 0) {
    int device = 0, sm_count = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
    max_blocks = sm_count * (2048 / THREADS);
    if (max_blocks > MAX_BLOCKS) max_blocks = MAX_BLOCKS;
  }
  const float scale = (float)(((double)b - (double)a) / n_samples);
  const uintptr_t address = reinterpret_cast<uintptr_t>(y_samples);
  int head = (int)(((16 - (address & 15)) & 15) / 4);
  if (head > n_samples) head = n_samples;
  int blocks = (n_samples + THREADS * 8 - 1) / (THREADS * 8);
  if (blocks > max_blocks) blocks = max_blocks;
  vec_estimate<<<blocks, THREADS>>>(y_samples, result, scale, n_samples, head);
}
