#include <cuda_runtime.h>

// One idea to start from: an LSD radix sort takes the keys' digits from the lowest to the
// highest, and each pass places the keys stably by one digit (count per digit, scan the counts,
// scatter). This skeleton only launches one kernel over the keys; the sorting is yours.
__global__ void radix_pass(const unsigned int* src, unsigned int* dst, int N, int shift) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    // Your turn: place src[i] in dst by its digit (src[i] >> shift) & 0xff.
  }
}

// input, output are device pointers.
extern "C" void solve(const unsigned int* input, unsigned int* output, int N) {
  int threadsPerBlock = 256;
  int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
  radix_pass<<<blocksPerGrid, threadsPerBlock>>>(input, output, N, 0);
  cudaDeviceSynchronize();
}
