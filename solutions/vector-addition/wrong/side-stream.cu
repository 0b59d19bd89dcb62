// WRONG (timing cheat): launches the work on a private non-blocking stream and returns at once,
// so CUDA events on the default stream see almost nothing. The results are right (the judge
// synchronizes before checking), but the device stays busy after solve returns: the judge
// compares event time with the time until the device is idle and rejects the measurement.
#include <cuda_runtime.h>

__global__ void add(const float* A, const float* B, float* C, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  static cudaStream_t side = nullptr;
  if (!side) cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking);
  add<<<(N + 255) / 256, 256, 0, side>>>(A, B, C, N);
  // no synchronisation: the kernel is still running when solve returns
}
