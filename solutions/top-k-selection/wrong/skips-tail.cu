// Wrong: per-block pools that read float4s only, without a scalar tail: the last (hi - lo) % 4
// elements of each slice are never looked at. Example 2 (N = 5, k = 5) loses its last element,
// and extremes (N = 6) loses -0.5, one of its top four.
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

// Appends this thread's valid values above the cut to the pool: one shared atomic per warp.
__device__ void offer(float* pool, int* count, float cut, float4 v, int valid) {
  const bool p0 = valid > 0 && v.x > cut;
  const bool p1 = valid > 1 && v.y > cut;
  const bool p2 = valid > 2 && v.z > cut;
  const bool p3 = valid > 3 && v.w > cut;
  const int mine = p0 + p1 + p2 + p3;
  if (!__any_sync(0xffffffffu, mine != 0)) return;  // the usual case once the cut is high
  const int lane = threadIdx.x % 32;
  int inclusive = mine;
  for (int offset = 1; offset < 32; offset <<= 1) {
    const int y = __shfl_up_sync(0xffffffffu, inclusive, offset);
    if (lane >= offset) inclusive += y;
  }
  int base = 0;
  if (lane == 31) base = atomicAdd(count, inclusive);
  base = __shfl_sync(0xffffffffu, base, 31) + inclusive - mine;
  if (p0) pool[base++] = v.x;
  if (p1) pool[base++] = v.y;
  if (p2) pool[base++] = v.z;
  if (p3) pool[base] = v.w;
}

__device__ __forceinline__ float4 load4(const float* src, long long i, long long hi, int* valid) {
  float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  *valid = 0;
  if (i + 3 < hi) {
    v = *reinterpret_cast<const float4*>(src + i);
    *valid = 4;
  }  // the bug: a partial float4 at the end is skipped
  return v;
}

// The k largest values of src[lo, hi) that exceed `start_cut`, in descending order, into out[0, k)
// (-inf where there are fewer). lo is a multiple of 4. kVecs float4s per thread per step; the pool
// holds kCap values, enough for k survivors plus a whole step.
template <int kBlock, int kVecs, int kCap>
__device__ void block_top_k(const float* src, long long lo, long long hi, int k, float start_cut, float* pool,
                            int* count, float* cut, float* out) {
  constexpr int kChunk = 4 * kBlock * kVecs;
  static_assert(1024 + kChunk <= kCap, "the pool must hold k survivors and one step");
  if (threadIdx.x == 0) {
    *count = 0;
    *cut = start_cut;
  }
  __syncthreads();
  for (long long base = lo; base < hi; base += kChunk) {
    float4 v[kVecs];
    int valid[kVecs];
    for (int u = 0; u < kVecs; ++u) v[u] = load4(src, base + 4LL * (threadIdx.x + u * kBlock), hi, &valid[u]);
    const int seen = *count;
    __syncthreads();  // everyone has read the count before anyone appends
    if (seen + kChunk > kCap) shrink(pool, count, cut, k);
    const float c = *cut;
    for (int u = 0; u < kVecs; ++u) offer(pool, count, c, v[u], valid[u]);
    __syncthreads();
  }
  shrink(pool, count, cut, k);
  const int n = *count;
  for (int j = threadIdx.x; j < k; j += kBlock) out[j] = (j < n) ? pool[j] : neg_inf();
}

// Block b takes a slice of about N / gridDim.x elements (a multiple of 4) and writes its k largest
// to lists[b * k, (b + 1) * k).
__global__ void __launch_bounds__(kThreads) block_lists(const float* input, int N, int k, float* lists) {
  __shared__ float pool[8192];
  __shared__ int count;
  __shared__ float cut;
  const long long per = ((N + gridDim.x - 1LL) / gridDim.x + 3) / 4 * 4;
  const long long lo = blockIdx.x * per;
  const long long hi = lo + per < N ? lo + per : N;
  block_top_k<kThreads, 2, 8192>(input, lo, hi, k, neg_inf(), pool, &count, &cut, lists + static_cast<long long>(blockIdx.x) * k);
}

// One block: the k largest of all lists. Some list has k values at least as large as the largest
// k-th value of any list (t0), so the answer is made of values >= t0 and the rest can be skipped.
__global__ void __launch_bounds__(kMergeThreads) merge_lists(const float* lists, int lists_count, int k, float* output) {
  extern __shared__ float pool[];  // 16,384 floats
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
  block_top_k<kMergeThreads, 2, 16384>(lists, 0, static_cast<long long>(lists_count) * k, k, start_cut, pool, &count, &cut,
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
    cudaFuncSetAttribute(merge_lists, cudaFuncAttributeMaxDynamicSharedMemorySize, 16384 * sizeof(float));
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
  merge_lists<<<1, kMergeThreads, 16384 * sizeof(float)>>>(lists, blocks, k, output);
}
