// WRONG (RTE, cudaErrorMisalignedAddress): two columns per thread with half2 loads of B, which
// assumes every row of B starts on a 4-byte boundary. That holds only when N is even: in
// example 1 (N = 3) row 1 of B starts at element 3, so the first half2 load of it is misaligned
// and the kernel faults. A vectorized kernel needs a scalar path for rows that are not aligned.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void hbmm_half2_cols(const half* A, const half* B, half* C, int M, int N, int K) {
  const int col = 2 * (blockIdx.x * blockDim.x + threadIdx.x);  // this thread's columns col, col + 1
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  const size_t b = blockIdx.z;
  const half* a = A + b * M * K;
  const half* bm = B + b * K * N;
  float acc0 = 0.0f, acc1 = 0.0f;
  for (int t = 0; t < K; ++t) {
    const float av = __half2float(a[(size_t)row * K + t]);
    const float2 bv = __half22float2(*reinterpret_cast<const half2*>(&bm[(size_t)t * N + col]));  // bug
    acc0 += av * bv.x;
    acc1 += av * bv.y;
  }
  half* c = C + b * M * N + (size_t)row * N + col;
  c[0] = __float2half(acc0);
  if (col + 1 < N) c[1] = __float2half(acc1);
}

extern "C" void solve(const half* A, const half* B, half* C, int BATCH, int M, int N, int K) {
  dim3 threads(16, 16);
  dim3 blocks((N + 2 * threads.x - 1) / (2 * threads.x), (M + threads.y - 1) / threads.y, BATCH);
  hbmm_half2_cols<<<blocks, threads>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
