// Fallback construct: Thrust called from host code (thrust::transform over device pointers).
// The whole program is a host-side template library call, so the NVRTC splitter cannot separate
// a device part from it; `auto` must compile it with nvcc. Host: vector-addition.
#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/transform.h>

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  thrust::device_ptr<const float> a(A), b(B);
  thrust::device_ptr<float> c(C);
  thrust::transform(thrust::device, a, a + N, b, c, thrust::plus<float>());
  cudaDeviceSynchronize();
}
