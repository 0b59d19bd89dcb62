// Accepted on LeetGPU, kept as a test of the statement's guarantee flags[0] == 1: each thread whose
// element carries a flag walks its segment up to the next flag, writing the running sum. Index 0
// gets no special case, so the elements before the first flag would never be written if flags[0]
// were 0; the statement rules that out, and every test here keeps it. Slow where segments are long
// (one thread walks each), which is why it is no rung.
#include <cuda_runtime.h>

__global__ void walk_from_flags(const float* values, const int* flags, float* output, int N) {
  const int start = blockIdx.x * blockDim.x + threadIdx.x;
  if (start >= N || flags[start] == 0) return;
  float run = 0.0f;
  for (int i = start; i < N && (i == start || flags[i] == 0); ++i) {
    output[i] = run;
    run += values[i];
  }
}

extern "C" void solve(const float* values, const int* flags, float* output, int N) {
  walk_from_flags<<<(N + 255) / 256, 256>>>(values, flags, output, N);
  cudaDeviceSynchronize();
}
