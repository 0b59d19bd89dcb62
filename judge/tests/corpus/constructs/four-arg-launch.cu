// Construct: the four-argument launch configuration <<<grid, block, shared bytes, stream>>> on a
// stream created in solve (and one on the legacy default stream, written as 0). Host: relu.
#include <cuda_runtime.h>

__global__ void relu_staged(const float* input, float* output, int n) {
  extern __shared__ float staged[];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  staged[threadIdx.x] = i < n ? input[i] : 0.0f;
  __syncthreads();
  if (i < n) output[i] = fmaxf(staged[threadIdx.x], 0.0f);
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const size_t smem = threads * sizeof(float);
  const int head = N / 2;  // first half on our stream, second half on the default stream
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  if (head > 0) relu_staged<<<(head + threads - 1) / threads, threads, smem, stream>>>(input, output, head);
  relu_staged<<<(N - head + threads - 1) / threads, threads, smem, 0>>>(input + head, output + head, N - head);
  cudaStreamSynchronize(stream);
  cudaDeviceSynchronize();
  cudaStreamDestroy(stream);
}
