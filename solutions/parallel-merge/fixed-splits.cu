// Accepted here as on LeetGPU (not a ladder rung): merge-path-shared with its tile splits in a
// fixed __device__ array sized for the statement's largest merge (M + N <= 50,000,000) instead of
// a cudaMalloc that grows with the input. Right for every size the statement allows; a merge of
// more than 50,000,000 outputs would write past the array. Kept to show that the tests stay
// inside the statement: an earlier version ran M = N = 50,000,000 and rejected this file.
//
// Merge path in shared memory: a first kernel finds each tile's split by binary search along its
// starting diagonal; each block loads its tile's stretches of A and B into shared memory, merges
// 4 outputs per thread and writes the tile back as one coalesced run.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kItems = 4;                 // outputs per thread
constexpr int kTile = kThreads * kItems;  // outputs per block

// Sized for the statement's largest merge, M + N = 50,000,000: one split per tile and one past.
constexpr int kMaxTotal = 50000000;
__device__ int g_splits[(kMaxTotal + kTile - 1) / kTile + 1];

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

__global__ void partition(const float* A, int M, const float* B, int N, int tiles, int* splits) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t > tiles) return;
  const long long d = static_cast<long long>(t) * kTile;
  splits[t] = path(A, M, B, N, d < M + N ? static_cast<int>(d) : M + N);
}

__global__ void __launch_bounds__(kThreads) merge_tiles(const float* A, int M, const float* B, int N, float* C, const int* splits) {
  __shared__ float s[kTile];
  const int total = M + N;
  const int d0 = blockIdx.x * kTile;
  const int d1 = d0 + kTile < total ? d0 + kTile : total;
  const int a0 = splits[blockIdx.x], a1 = splits[blockIdx.x + 1];
  const int b0 = d0 - a0;
  const int na = a1 - a0, count = d1 - d0, nb = count - na;
  for (int j = threadIdx.x; j < count; j += kThreads) s[j] = (j < na) ? A[a0 + j] : B[b0 + j - na];
  __syncthreads();
  const float* sa = s;
  const float* sb = s + na;
  const int diag = threadIdx.x * kItems < count ? threadIdx.x * kItems : count;
  int a = path(sa, na, sb, nb, diag);
  int b = diag - a;
  float out[kItems];
  for (int k = 0; k < kItems; ++k) {
    if (diag + k >= count) break;
    const bool take_a = b >= nb || (a < na && sa[a] <= sb[b]);
    out[k] = take_a ? sa[a++] : sb[b++];
  }
  __syncthreads();  // every thread is done reading the inputs from s
  for (int k = 0; k < kItems; ++k)
    if (diag + k < count) s[diag + k] = out[k];
  __syncthreads();
  for (int j = threadIdx.x; j < count; j += kThreads) C[d0 + j] = s[j];
}

extern "C" void solve(const float* A, const float* B, float* C, int M, int N) {
  const int tiles = (M + N + kTile - 1) / kTile;
  int* splits = nullptr;
  cudaGetSymbolAddress(reinterpret_cast<void**>(&splits), g_splits);
  partition<<<(tiles + 1 + 255) / 256, 256>>>(A, M, B, N, tiles, splits);
  merge_tiles<<<tiles, kThreads>>>(A, M, B, N, C, splits);
  cudaDeviceSynchronize();
}
