// Scan-then-propagate with Hillis-Steele blocks: each 1024-thread block scans 1,024 elements in
// shared memory (ten steps, double-buffered) and records its total; the totals are scanned the
// same way, recursively, and a last kernel adds each block's carry to its elements.
//
// The classic three-step scheme: output is written twice and read once more (16 bytes of
// traffic per element instead of 8), and each step of the in-block scan costs a barrier across
// 1,024 threads, 10 barriers for one element per thread.
#include <cuda_runtime.h>

constexpr int kThreads = 1024;

static float* scratch = nullptr;  // block totals of every level, one after the other
static size_t scratch_capacity = 0;

// Scans in[0..n) block by block into out (in may equal out: each block reads its elements before
// writing them). If totals is not null, totals[b] receives block b's sum.
__global__ void scan_blocks(const float* in, float* out, float* totals, int n) {
  __shared__ float buf[2][kThreads];
  const int t = threadIdx.x;
  const int i = blockIdx.x * kThreads + t;
  buf[0][t] = (i < n) ? in[i] : 0.0f;
  __syncthreads();
  int from = 0;
  for (int d = 1; d < kThreads; d *= 2) {
    float v = buf[from][t];
    if (t >= d) v += buf[from][t - d];
    buf[1 - from][t] = v;
    from = 1 - from;
    __syncthreads();
  }
  if (i < n) out[i] = buf[from][t];
  if (totals != nullptr && t == kThreads - 1) totals[blockIdx.x] = buf[from][t];
}

// Adds carries[b - 1] (the inclusive scan of the block totals) to every element of block b >= 1.
__global__ void add_carries(float* out, const float* carries, int n) {
  const int b = blockIdx.x + 1;
  const int i = b * kThreads + threadIdx.x;
  if (i < n) out[i] += carries[b - 1];
}

static void scan(const float* in, float* out, int n, float* level_scratch) {
  const int blocks = (n + kThreads - 1) / kThreads;
  if (blocks == 1) {
    scan_blocks<<<1, kThreads>>>(in, out, nullptr, n);
    return;
  }
  float* totals = level_scratch;
  scan_blocks<<<blocks, kThreads>>>(in, out, totals, n);
  scan(totals, totals, blocks, level_scratch + blocks);  // in place, next level after this one
  add_carries<<<blocks - 1, kThreads>>>(out, totals, n);
}

extern "C" void solve(const float* input, float* output, int N) {
  size_t needed = 0;
  for (long long n = N; n > kThreads; n = (n + kThreads - 1) / kThreads) needed += (n + kThreads - 1) / kThreads;
  if (needed > scratch_capacity) {
    cudaFree(scratch);
    scratch = nullptr;
    scratch_capacity = 0;
    if (cudaMalloc(&scratch, needed * sizeof(float)) != cudaSuccess) return;
    scratch_capacity = needed;
  }
  scan(input, output, N, scratch);
  cudaDeviceSynchronize();
}
