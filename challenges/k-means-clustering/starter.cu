#include <cuda_runtime.h>

// One thread per point could find the nearest centroid and write its label; the centroids then
// have to move to the mean of their points, and the two steps repeat max_iterations times.
__global__ void assign_kernel(const float* data_x, const float* data_y, int* labels, const float* centroid_x,
                              const float* centroid_y, int sample_size, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < sample_size) {
    // Your turn.
  }
}

// data_x, data_y, labels, initial_centroid_x, initial_centroid_y, final_centroid_x, final_centroid_y are device
// pointers.
extern "C" void solve(const float* data_x, const float* data_y, int* labels, float* initial_centroid_x,
                      float* initial_centroid_y, float* final_centroid_x, float* final_centroid_y, int sample_size,
                      int k, int max_iterations) {
  cudaMemcpy(final_centroid_x, initial_centroid_x, k * sizeof(float), cudaMemcpyDeviceToDevice);
  cudaMemcpy(final_centroid_y, initial_centroid_y, k * sizeof(float), cudaMemcpyDeviceToDevice);
  int threadsPerBlock = 256;
  int blocksPerGrid = (sample_size + threadsPerBlock - 1) / threadsPerBlock;
  assign_kernel<<<blocksPerGrid, threadsPerBlock>>>(data_x, data_y, labels, final_centroid_x, final_centroid_y,
                                                    sample_size, k);
  cudaDeviceSynchronize();
}
