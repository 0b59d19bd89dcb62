// Construct: several kernels and a host loop of launches. The vector is processed in chunks of
// at most kChunk elements (one launch each); within a chunk a float4 kernel handles the
// 4-aligned body and a scalar kernel the remainder. Host: vector-addition.
#include <cuda_runtime.h>

static const int kChunk = 1 << 22;  // a multiple of 4, so every chunk starts 16-byte aligned
static const int kThreads = 256;

__global__ void add_vec4(const float4* A, const float4* B, float4* C, int quads) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < quads) {
    const float4 a = A[i], b = B[i];
    C[i] = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
  }
}

__global__ void add_scalar(const float* A, const float* B, float* C, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) C[i] = A[i] + B[i];
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  for (int start = 0; start < N; start += kChunk) {
    const int n = (N - start < kChunk) ? N - start : kChunk;
    const int quads = n / 4;
    if (quads > 0)
      add_vec4<<<(quads + kThreads - 1) / kThreads, kThreads>>>(reinterpret_cast<const float4*>(A + start),
                                                                 reinterpret_cast<const float4*>(B + start),
                                                                 reinterpret_cast<float4*>(C + start), quads);
    const int tail = n - quads * 4;
    if (tail > 0) add_scalar<<<1, kThreads>>>(A + start + quads * 4, B + start + quads * 4, C + start + quads * 4, tail);
  }
  cudaDeviceSynchronize();
}
