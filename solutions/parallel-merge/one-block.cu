// One block of 1,024 threads merges everything, 4,096 outputs at a time: it loads the next 4,096
// values of A and of B (or what is left) into shared memory, every thread finds its 4-output start
// there by merge path and merges 4 values, the tile goes out coalesced, and both cursors advance
// by what the tile used. Correct and simple, but one SM moves all 400 MB, tile after tile.
#include <cuda_runtime.h>

constexpr int kThreads = 1024;
constexpr int kItems = 4;
constexpr int kTile = kThreads * kItems;

// How many of a's elements are among the first `diag` outputs of the merge (a first on ties).
__device__ int path(const float* a, int m, const float* b, int n, int diag) {
  int lo = diag > n ? diag - n : 0;
  int hi = diag < m ? diag : m;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (a[mid] <= b[diag - 1 - mid])
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

__global__ void __launch_bounds__(kThreads) merge_one_block(const float* A, int M, const float* B, int N, float* C) {
  __shared__ float sa[kTile];
  __shared__ float sb[kTile];
  __shared__ int used_a;
  const int total = M + N;
  int a0 = 0, b0 = 0;  // the same in every thread
  for (int d0 = 0; d0 < total; d0 += kTile) {
    const int count = total - d0 < kTile ? total - d0 : kTile;
    const int wa = M - a0 < kTile ? M - a0 : kTile;  // the next outputs use at most kTile of each
    const int wb = N - b0 < kTile ? N - b0 : kTile;
    for (int j = threadIdx.x; j < kTile; j += kThreads) {
      if (j < wa) sa[j] = A[a0 + j];
      if (j < wb) sb[j] = B[b0 + j];
    }
    __syncthreads();
    const int diag = threadIdx.x * kItems < count ? threadIdx.x * kItems : count;
    int a = path(sa, wa, sb, wb, diag);
    int b = diag - a;
    float out[kItems];
    for (int k = 0; k < kItems; ++k) {
      if (diag + k >= count) break;
      const bool take_a = b >= wb || (a < wa && sa[a] <= sb[b]);
      out[k] = take_a ? sa[a++] : sb[b++];
    }
    if (threadIdx.x == 0) used_a = path(sa, wa, sb, wb, count);
    __syncthreads();  // every thread is done reading sa and sb
    for (int k = 0; k < kItems; ++k)
      if (diag + k < count) sa[diag + k] = out[k];
    __syncthreads();
    for (int j = threadIdx.x; j < count; j += kThreads) C[d0 + j] = sa[j];
    a0 += used_a;
    b0 += count - used_a;
    __syncthreads();  // sa and used_a are rewritten by the next tile
  }
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N) {
  merge_one_block<<<1, kThreads>>>(A, M, B, N, C);
  cudaDeviceSynchronize();
}
