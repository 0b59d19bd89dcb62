// WRONG (WA): sums the products in a half (__hfma) instead of a float. Exact for the examples'
// small sums, but a half has 11 significant bits: above 2048 consecutive halves are 2 apart, so
// in test threes-k1024 the sum of 1024 products equal to 3 drifts to about 3400 instead of 3072,
// and the long random sums of long-k-4x32x32x1024 miss the tolerance on their elements close to
// zero. This is why the statement asks for FP32 accumulation.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void hbmm_half_acc(const half* A, const half* B, half* C, int M, int N, int K) {
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  const size_t b = blockIdx.z;
  const half* a = A + b * M * K;
  const half* bm = B + b * K * N;
  half acc = __float2half(0.0f);
  for (int t = 0; t < K; ++t) acc = __hfma(a[(size_t)row * K + t], bm[(size_t)t * N + col], acc);  // bug
  C[b * M * N + (size_t)row * N + col] = acc;
}

extern "C" void solve(const half* A, const half* B, half* C, int BATCH, int M, int N, int K) {
  dim3 threads(16, 16);
  dim3 blocks((N + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y, BATCH);
  hbmm_half_acc<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
