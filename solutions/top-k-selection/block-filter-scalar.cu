// Per-block top-k with scalar steps: as block-filter.cu (a shared pool per block, sorted and cut
// back to k when full, then a one-block merge of the lists), but each thread reads one float per
// step and the block meets at two barriers every 512 elements: few bytes in flight per SM, so the
// pass runs well below the memory bandwidth, and the merge crawls through the lists the same way.
#include <cuda_runtime.h>

constexpr int kThreads = 512;
constexpr int kMergeThreads = 1024;

__device__ __forceinline__ float neg_inf() { return __int_as_float(0xff800000); }

// Sorts s[0, n) in descending order; n is a power of two. Every thread of the block calls it.
__device__ void sort_desc(float* s, int n) {
  for (int size = 2; size <= n; size <<= 1)
    for (int stride = size / 2; stride > 0; stride >>= 1) {
      for (int t = threadIdx.x; t < n / 2; t += blockDim.x) {
        const int i = 2 * t - (t & (stride - 1));
        const bool descending = (i & size) == 0;
        const float a = s[i], b = s[i + stride];
        if ((a < b) == descending) {
          s[i] = b;
          s[i + stride] = a;
        }
      }
      __syncthreads();
    }
}

// Sorts the pool; once it holds at least k values, keeps the k largest and raises the cut (the
// value a newcomer must beat) to the k-th largest. Called by every thread after a barrier.
__device__ void shrink(float* pool, int* count, float* cut, int k) {
  const int n = *count;
  int padded = 1;
  while (padded < n) padded <<= 1;
  for (int i = n + threadIdx.x; i < padded; i += blockDim.x) pool[i] = neg_inf();
  __syncthreads();
  sort_desc(pool, padded);
  if (threadIdx.x == 0 && n >= k) {
    *count = k;
    *cut = pool[k - 1];
  }
  __syncthreads();
}

// Appends this thread's value (if valid and above the cut) to the pool: one shared atomic per warp.
__device__ void offer(float* pool, int* count, float cut, float v, bool valid) {
  const bool pass = valid && v > cut;
  const unsigned ballot = __ballot_sync(0xffffffffu, pass);
  if (ballot == 0) return;  // the usual case once the cut is high
  const int lane = threadIdx.x % 32;
  int base = 0;
  if (lane == 0) base = atomicAdd(count, __popc(ballot));
  base = __shfl_sync(0xffffffffu, base, 0);
  if (pass) pool[base + __popc(ballot & ((1u << lane) - 1))] = v;
}

// The k largest values of src[lo, hi) that exceed `start_cut`, in descending order, into out[0, k)
// (-inf where there are fewer). One float per thread per step; the pool holds kCap values, enough
// for k survivors plus a whole step.
template <int kBlock, int kCap>
__device__ void block_top_k(const float* src, long long lo, long long hi, int k, float start_cut, float* pool,
                            int* count, float* cut, float* out) {
  static_assert(1024 + kBlock <= kCap, "the pool must hold k survivors and one step");
  if (threadIdx.x == 0) {
    *count = 0;
    *cut = start_cut;
  }
  __syncthreads();
  for (long long base = lo; base < hi; base += kBlock) {
    const long long i = base + threadIdx.x;
    const float v = (i < hi) ? src[i] : 0.0f;
    const int seen = *count;
    __syncthreads();  // everyone has read the count before anyone appends
    if (seen + kBlock > kCap) shrink(pool, count, cut, k);
    offer(pool, count, *cut, v, i < hi);
    __syncthreads();
  }
  shrink(pool, count, cut, k);
  const int n = *count;
  for (int j = threadIdx.x; j < k; j += kBlock) out[j] = (j < n) ? pool[j] : neg_inf();
}

// Block b takes a slice of about N / gridDim.x elements and writes its k largest
// to lists[b * k, (b + 1) * k).
__global__ void __launch_bounds__(kThreads) block_lists(const float* input, int N, int k, float* lists) {
  __shared__ float pool[2048];
  __shared__ int count;
  __shared__ float cut;
  const long long per = (N + gridDim.x - 1LL) / gridDim.x;
  const long long lo = blockIdx.x * per;
  const long long hi = lo + per < N ? lo + per : N;
  block_top_k<kThreads, 2048>(input, lo, hi, k, neg_inf(), pool, &count, &cut, lists + static_cast<long long>(blockIdx.x) * k);
}

// One block: the k largest of all lists. Some list has k values at least as large as the largest
// k-th value of any list (t0), so the answer is made of values >= t0 and the rest can be skipped.
__global__ void __launch_bounds__(kMergeThreads) merge_lists(const float* lists, int lists_count, int k, float* output) {
  __shared__ float pool[2048];
  __shared__ int count;
  __shared__ float cut;
  __shared__ float warp_max[kMergeThreads / 32];
  float t0 = neg_inf();
  for (int b = threadIdx.x; b < lists_count; b += kMergeThreads) t0 = fmaxf(t0, lists[static_cast<long long>(b) * k + k - 1]);
  for (int offset = 16; offset > 0; offset /= 2) t0 = fmaxf(t0, __shfl_xor_sync(0xffffffffu, t0, offset));
  if (threadIdx.x % 32 == 0) warp_max[threadIdx.x / 32] = t0;
  __syncthreads();
  t0 = neg_inf();
  for (int w = 0; w < kMergeThreads / 32; ++w) t0 = fmaxf(t0, warp_max[w]);
  const float start_cut = (t0 == neg_inf()) ? t0 : nextafterf(t0, neg_inf());  // keeps values >= t0
  block_top_k<kMergeThreads, 2048>(lists, 0, static_cast<long long>(lists_count) * k, k, start_cut, pool, &count, &cut,
                                       output);
}

static float* lists = nullptr;
static int lists_capacity = 0;

extern "C" void solve(const float* input, float* output, int N, int k) {
  static int blocks = 0;
  if (blocks == 0) {
    int device = 0, sms = 0, per_sm = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, block_lists, kThreads, 0);
    blocks = sms * (per_sm > 0 ? per_sm : 1);
  }
  const int needed = blocks * 1024;
  if (needed > lists_capacity) {
    cudaFree(lists);
    lists = nullptr;
    lists_capacity = 0;
    if (cudaMalloc(&lists, needed * sizeof(float)) != cudaSuccess) return;
    lists_capacity = needed;
  }
  block_lists<<<blocks, kThreads>>>(input, N, k, lists);
  merge_lists<<<1, kMergeThreads>>>(lists, blocks, k, output);
}
