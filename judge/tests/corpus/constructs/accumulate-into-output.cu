// Counts matches with atomicAdd straight into `output`, which it never clears: it passes only
// when output starts at zero (LeetGPU's torch.empty usually is). The judge fills outputs with a
// marker, so every count comes out as marker + count; the re-run with zeroed outputs passes,
// and the diagnosis says solve accumulates into output before writing it.
#include <cuda_runtime.h>

__global__ void count_equal(const int* input, int* output, int N, int K) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N && input[i] == K) atomicAdd(output, 1);
}

extern "C" void solve(const int* input, int* output, int N, int K) {
  int threads = 256;
  count_equal<<<(N + threads - 1) / threads, threads>>>(input, output, N, K);
  cudaDeviceSynchronize();
}
