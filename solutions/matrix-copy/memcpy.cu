// memcpy: no kernel of our own; cudaMemcpyAsync device-to-device on the default stream.
//
// The copy engine / driver copy kernel moves the N * N floats at full DRAM bandwidth. This is
// allowed here (it is the CUDA runtime, not a library that solves the problem for you) and is
// the yardstick the hand-written kernels are measured against; expect them all to be within a
// few percent. The judge times solve with CUDA events on the default stream, which this copy
// is issued to, and waits for the device afterwards.
#include <cuda_runtime.h>

extern "C" void solve(const float* A, float* B, int N) {
  cudaMemcpyAsync(B, A, sizeof(float) * (size_t)N * N, cudaMemcpyDeviceToDevice, 0);
  cudaDeviceSynchronize();
}
