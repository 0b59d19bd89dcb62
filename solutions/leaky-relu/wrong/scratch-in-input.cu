// WRONG (WA, "was modified"): uses the input buffer as scratch space.
//
// The first kernel scales the negative inputs by 0.01 in place, the second copies the buffer to
// output. output is right, but input is an input buffer and must come back unchanged; the judge
// compares it after the call and reports that it was modified.
#include <cuda_runtime.h>

__global__ void scale_negatives(float* data, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N && data[i] < 0.0f) data[i] *= 0.01f;
}

__global__ void copy(const float* from, float* to, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) to[i] = from[i];
}

extern "C" void solve(const float* input, float* output, int N) {
  const int threads = 256;
  const int blocks = (N + threads - 1) / threads;
  float* scratch = const_cast<float*>(input);  // bug: input is not ours to change
  scale_negatives<<<blocks, threads>>>(scratch, N);
  copy<<<blocks, threads>>>(scratch, output, N);
  cudaDeviceSynchronize();
}
