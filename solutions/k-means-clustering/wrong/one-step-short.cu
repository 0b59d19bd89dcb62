// WRONG: naive.cu running max_iterations - 1 steps. Converged cases do not notice, but with
// max_iterations = 1 no step runs: the labels are never written and the centroids stay at
// their initial places (one-point, single-cluster-100000).
#include <cuda_runtime.h>

__global__ void assign(const float* x, const float* y, int* labels, const float* cx, const float* cy, int n, int k) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float px = x[i], py = y[i];
  float best = 3.402823466e38f;
  int best_c = 0;
  for (int c = 0; c < k; ++c) {
    const float dx = px - cx[c], dy = py - cy[c];
    const float d = dx * dx + dy * dy;
    if (d < best) {  // strict: a tie keeps the lower index
      best = d;
      best_c = c;
    }
  }
  labels[i] = best_c;
}

__global__ void accumulate(const float* x, const float* y, const int* labels, float* sx, float* sy, int* count, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int c = labels[i];
  atomicAdd(&sx[c], x[i]);
  atomicAdd(&sy[c], y[i]);
  atomicAdd(&count[c], 1);
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
  // The moving centroids live in the output buffers; the inputs stay untouched.
  cudaMemcpy(final_centroid_x, initial_centroid_x, k * sizeof(float), cudaMemcpyDeviceToDevice);
  cudaMemcpy(final_centroid_y, initial_centroid_y, k * sizeof(float), cudaMemcpyDeviceToDevice);
  float *sx = nullptr, *sy = nullptr;
  int* count = nullptr;
  cudaMalloc(&sx, k * sizeof(float));
  cudaMalloc(&sy, k * sizeof(float));
  cudaMalloc(&count, k * sizeof(int));
  const int threads = 256;
  const int point_blocks = (sample_size + threads - 1) / threads, cluster_blocks = (k + threads - 1) / threads;
  for (int it = 1; it < max_iterations; ++it) {  // bug: max_iterations - 1 steps
    cudaMemset(sx, 0, k * sizeof(float));
    cudaMemset(sy, 0, k * sizeof(float));
    cudaMemset(count, 0, k * sizeof(int));
    assign<<<point_blocks, threads>>>(data_x, data_y, labels, final_centroid_x, final_centroid_y, sample_size, k);
    accumulate<<<point_blocks, threads>>>(data_x, data_y, labels, sx, sy, count, sample_size);
    update<<<cluster_blocks, threads>>>(final_centroid_x, final_centroid_y, sx, sy, count, k);
  }
  cudaDeviceSynchronize();
  cudaFree(sx);
  cudaFree(sy);
  cudaFree(count);
}
