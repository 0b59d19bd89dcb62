// shared-sums.cu with a fixed grid of 4 blocks per SM and a grid-stride loop over the points.
// Each block now covers hundreds of points per thread, so the shared-memory set-up (copying the
// centroids, clearing the sums) and the flush of the block's sums to global memory happen about
// 500 times per step instead of about 4,000 times (a million points, 256 per block).
//
// Faster than shared-sums.cu: the per-block overhead, and the global atomics it ends with, shrink
// by the ratio of the block counts.
#include <cuda_runtime.h>

#define MAX_K 1000
#define THREADS 256

__global__ void __launch_bounds__(THREADS)
    assign_accumulate(const float* x, const float* y, int* labels, const float* cx, const float* cy, float* sx,
                      float* sy, int* count, int n, int k) {
  __shared__ float scx[MAX_K], scy[MAX_K], ssx[MAX_K], ssy[MAX_K];
  __shared__ int scount[MAX_K];
  for (int c = threadIdx.x; c < k; c += THREADS) {
    scx[c] = cx[c];
    scy[c] = cy[c];
    ssx[c] = 0.0f;
    ssy[c] = 0.0f;
    scount[c] = 0;
  }
  __syncthreads();
  for (int i = blockIdx.x * THREADS + threadIdx.x; i < n; i += gridDim.x * THREADS) {
    const float px = x[i], py = y[i];
    float best = 3.402823466e38f;
    int best_c = 0;
    for (int c = 0; c < k; ++c) {
      const float dx = px - scx[c], dy = py - scy[c];
      const float d = dx * dx + dy * dy;
      if (d < best) {
        best = d;
        best_c = c;
      }
    }
    labels[i] = best_c;
    atomicAdd(&ssx[best_c], px);
    atomicAdd(&ssy[best_c], py);
    atomicAdd(&scount[best_c], 1);
  }
  __syncthreads();
  for (int c = threadIdx.x; c < k; c += THREADS) {
    if (scount[c] == 0) continue;
    atomicAdd(&sx[c], ssx[c]);
    atomicAdd(&sy[c], ssy[c]);
    atomicAdd(&count[c], scount[c]);
  }
}

__global__ void update(float* cx, float* cy, const float* sx, const float* sy, const int* count, int k) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= k || count[c] == 0) return;  // an empty cluster keeps its centroid
  cx[c] = sx[c] / count[c];
  cy[c] = sy[c] / count[c];
}

// data_x, data_y, labels, initial_centroid_x, initial_centroid_y, final_centroid_x, final_centroid_y are device
// pointers.
extern "C" void solve(const float* data_x, const float* data_y, int* labels, float* initial_centroid_x,
                      float* initial_centroid_y, float* final_centroid_x, float* final_centroid_y, int sample_size,
                      int k, int max_iterations) {
  cudaMemcpy(final_centroid_x, initial_centroid_x, k * sizeof(float), cudaMemcpyDeviceToDevice);
  cudaMemcpy(final_centroid_y, initial_centroid_y, k * sizeof(float), cudaMemcpyDeviceToDevice);
  float* sums = nullptr;  // sx, sy, then the counts, k each: one memset clears all three
  cudaMalloc(&sums, 3 * k * sizeof(float));
  float* sx = sums;
  float* sy = sums + k;
  int* count = reinterpret_cast<int*>(sums + 2 * k);
  static int max_blocks = 0;
  if (max_blocks == 0) {
    int device = 0, sms = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    max_blocks = 4 * sms;  // enough warps to hide latency, few enough to keep the flushes rare
  }
  int point_blocks = (sample_size + THREADS - 1) / THREADS;
  if (point_blocks > max_blocks) point_blocks = max_blocks;
  const int cluster_blocks = (k + THREADS - 1) / THREADS;
  for (int it = 0; it < max_iterations; ++it) {
    cudaMemsetAsync(sums, 0, 3 * k * sizeof(float));
    assign_accumulate<<<point_blocks, THREADS>>>(data_x, data_y, labels, final_centroid_x, final_centroid_y, sx, sy,
                                                 count, sample_size, k);
    update<<<cluster_blocks, THREADS>>>(final_centroid_x, final_centroid_y, sx, sy, count, k);
  }
  cudaDeviceSynchronize();
  cudaFree(sums);
}
