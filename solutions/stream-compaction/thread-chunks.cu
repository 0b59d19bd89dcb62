// Each thread owns a contiguous chunk: 65,536 threads count the positives of their own chunks of
// about N / 65,536 elements, one block scans the 65,536 counts, then each thread reads its chunk
// again and writes its kept values one after another from its offset; a last kernel writes the
// zeros. Sequential per thread, but at every load the 32 lanes of a warp touch 32 different cache
// lines, so the memory system serves 32 scattered requests where it could serve one.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kChunks = 65536;  // one per thread
constexpr int kScanThreads = 1024;

static int* offsets = nullptr;  // [c] offset of chunk c, [kChunks] the total

__global__ void count_chunks(const float* A, int N, int* offsets) {
  const int c = blockIdx.x * kThreads + threadIdx.x;
  const long long per = (N + kChunks - 1LL) / kChunks;
  const long long begin = c * per;
  const long long end = begin + per < N ? begin + per : N;
  int kept = 0;
  for (long long i = begin; i < end; ++i) kept += A[i] > 0.0f;
  offsets[c] = kept;
}

// One block: exclusive scan of the kChunks counts in place (64 per thread), the total after them.
__global__ void __launch_bounds__(kScanThreads) scan_chunks(int* offsets) {
  __shared__ int warp_sums[kScanThreads / 32];
  constexpr int per = kChunks / kScanThreads;
  const int begin = threadIdx.x * per;
  int sum = 0;
  for (int c = begin; c < begin + per; ++c) sum += offsets[c];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  int x = sum;
  for (int offset = 1; offset < 32; offset <<= 1) {
    const int y = __shfl_up_sync(0xffffffffu, x, offset);
    if (lane >= offset) x += y;
  }
  if (lane == 31) warp_sums[warp] = x;
  __syncthreads();
  int run = x - sum;
  for (int w = 0; w < warp; ++w) run += warp_sums[w];
  for (int c = begin; c < begin + per; ++c) {
    const int count = offsets[c];
    offsets[c] = run;
    run += count;
  }
  if (threadIdx.x == kScanThreads - 1) offsets[kChunks] = run;
}

__global__ void write_chunks(const float* A, int N, const int* offsets, float* out) {
  const int c = blockIdx.x * kThreads + threadIdx.x;
  const long long per = (N + kChunks - 1LL) / kChunks;
  const long long begin = c * per;
  const long long end = begin + per < N ? begin + per : N;
  long long at = offsets[c];
  for (long long i = begin; i < end; ++i) {
    const float v = A[i];
    if (v > 0.0f) out[at++] = v;
  }
}

__global__ void zero_tail(float* out, int N, const int* offsets) {
  const long long total = offsets[kChunks];
  const long long stride = gridDim.x * static_cast<long long>(blockDim.x);
  for (long long i = total + blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < N; i += stride) out[i] = 0.0f;
}

extern "C" void solve(const float* A, int N, float* out) {
  if (offsets == nullptr && cudaMalloc(&offsets, (kChunks + 1) * sizeof(int)) != cudaSuccess) {
    offsets = nullptr;
    return;
  }
  count_chunks<<<kChunks / kThreads, kThreads>>>(A, N, offsets);
  scan_chunks<<<1, kScanThreads>>>(offsets);
  write_chunks<<<kChunks / kThreads, kThreads>>>(A, N, offsets, out);
  zero_tail<<<1024, 256>>>(out, N, offsets);
  cudaDeviceSynchronize();
}
