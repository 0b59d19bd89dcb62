// Construct: streams and events in solve. The vector is split across four non-blocking streams;
// an event recorded on each is waited for by the first stream, which is synchronised before
// solve returns, so no work outlives the call. Host: vector-addition.
#include <cuda_runtime.h>

static const int kStreams = 4;

__global__ void add(const float* A, const float* B, float* C, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) C[i] = A[i] + B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  cudaStream_t streams[kStreams];
  cudaEvent_t done[kStreams];
  const int chunk = (N + kStreams - 1) / kStreams;
  for (int s = 0; s < kStreams; ++s) {
    cudaStreamCreateWithFlags(&streams[s], cudaStreamNonBlocking);
    cudaEventCreateWithFlags(&done[s], cudaEventDisableTiming);
    const int start = s * chunk;
    const int n = (N - start < chunk) ? N - start : chunk;
    if (n > 0) add<<<(n + 255) / 256, 256, 0, streams[s]>>>(A + start, B + start, C + start, n);
    cudaEventRecord(done[s], streams[s]);
  }
  for (int s = 1; s < kStreams; ++s) cudaStreamWaitEvent(streams[0], done[s], 0);
  cudaStreamSynchronize(streams[0]);
  for (int s = 0; s < kStreams; ++s) {
    cudaEventDestroy(done[s]);
    cudaStreamDestroy(streams[s]);
  }
}
