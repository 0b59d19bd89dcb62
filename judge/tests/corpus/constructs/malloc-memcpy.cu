// Construct: cudaMalloc'd temporaries and cudaMemcpy inside solve. Block maxima and block sums go
// to a scratch buffer, are copied to the host and combined there (in double for the sum); the
// final kernel takes the maximum and the sum as scalars. Host: softmax.
#include <cuda_runtime.h>
#include <math.h>

#include <vector>

static const int kThreads = 256;

__global__ void block_max(const float* input, float* partial, int N) {
  __shared__ float s[kThreads];
  const int i = blockIdx.x * kThreads + threadIdx.x;
  s[threadIdx.x] = i < N ? input[i] : -INFINITY;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] = fmaxf(s[threadIdx.x], s[threadIdx.x + stride]);
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

__global__ void block_exp_sum(const float* input, float* partial, int N, float max_value) {
  __shared__ float s[kThreads];
  const int i = blockIdx.x * kThreads + threadIdx.x;
  s[threadIdx.x] = i < N ? expf(input[i] - max_value) : 0.0f;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = s[0];
}

__global__ void normalize(const float* input, float* output, int N, float max_value, float inv_sum) {
  const int i = blockIdx.x * kThreads + threadIdx.x;
  if (i < N) output[i] = expf(input[i] - max_value) * inv_sum;
}

extern "C" void solve(const float* input, float* output, int N) {
  const int blocks = (N + kThreads - 1) / kThreads;
  float* partial = nullptr;
  cudaMalloc(&partial, blocks * sizeof(float));
  std::vector<float> host(blocks);

  block_max<<<blocks, kThreads>>>(input, partial, N);
  cudaMemcpy(host.data(), partial, blocks * sizeof(float), cudaMemcpyDeviceToHost);
  float max_value = -INFINITY;
  for (float m : host) max_value = fmaxf(max_value, m);

  block_exp_sum<<<blocks, kThreads>>>(input, partial, N, max_value);
  cudaMemcpy(host.data(), partial, blocks * sizeof(float), cudaMemcpyDeviceToHost);
  double sum = 0.0;
  for (float s : host) sum += s;

  normalize<<<blocks, kThreads>>>(input, output, N, max_value, static_cast<float>(1.0 / sum));
  cudaDeviceSynchronize();
  cudaFree(partial);
}
