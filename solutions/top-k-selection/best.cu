// Best: a sampled cut, then one streaming pass. One block sorts 4,096 evenly spaced samples and
// takes a cut a few samples below the top, so that (with overwhelming probability) at least k
// elements reach it and only about 0.2% of the input does; a barrier-free grid-stride pass then
// appends the elements >= cut to a candidate buffer, and the per-block pools of block-filter.cu
// reduce the candidates to k. If fewer than k elements reached the cut (possible only for a very
// unlucky sample), the pools run over the whole input instead: slower, still exact.
#include <cuda_runtime.h>

constexpr int kThreads = 512;
constexpr int kMergeThreads = 1024;
constexpr int kSamples = 4096;
constexpr int kFilterThreads = 256;

__device__ float g_cut;         // candidates are the elements >= g_cut
__device__ int g_candidates;    // how many there are

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
  } else if (i < hi) {
    *valid = static_cast<int>(hi - i);
    v.x = src[i];
    if (*valid > 1) v.y = src[i + 1];
    if (*valid > 2) v.z = src[i + 2];
  }
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

// The candidates' lists: block b takes a slice of about n / gridDim.x candidates (a multiple of 4)
// and writes its k largest to lists[b * k, (b + 1) * k). If the sample's cut was too high (fewer
// than k candidates), the lists are made from the whole input instead.
__global__ void __launch_bounds__(kThreads) block_lists(const float* input, int N, const float* candidates, int k,
                                                        float* lists) {
  __shared__ float pool[8192];
  __shared__ int count;
  __shared__ float cut;
  const bool enough = g_candidates >= k;
  const float* src = enough ? candidates : input;
  const long long n = enough ? g_candidates : N;
  const long long per = ((n + gridDim.x - 1LL) / gridDim.x + 3) / 4 * 4;
  const long long lo = blockIdx.x * per;
  const long long hi = lo + per < n ? lo + per : n;
  block_top_k<kThreads, 2, 8192>(src, lo, hi, k, neg_inf(), pool, &count, &cut, lists + static_cast<long long>(blockIdx.x) * k);
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

// One block: sorts kSamples evenly spaced elements and sets the cut to the r-th largest. With S
// samples out of N, about r * N / S elements reach the r-th; r leaves a margin of a few standard
// deviations over the k * S / N needed. If the samples are the whole input, r = k exactly.
__global__ void __launch_bounds__(1024) sample_cut(const float* input, int N, int k) {
  __shared__ float s[kSamples];
  const int samples = N < kSamples ? N : kSamples;
  for (int j = threadIdx.x; j < kSamples; j += 1024)
    s[j] = (j < samples) ? input[static_cast<long long>(j) * N / samples] : neg_inf();
  __syncthreads();
  sort_desc(s, kSamples);
  if (threadIdx.x == 0) {
    int r = k;
    if (samples < N) {
      const long long q = (static_cast<long long>(k) * samples + N - 1) / N;
      const long long want = q + 2 * static_cast<long long>(sqrtf(static_cast<float>(q))) + 4;
      r = static_cast<int>(want < samples ? want : samples);
    }
    g_cut = s[r - 1];
    g_candidates = 0;
  }
}

// Appends this thread's valid values >= cut to the candidates: one global atomic per warp.
__device__ __forceinline__ void keep(float* candidates, float cut, float4 v, int valid) {
  const bool p0 = valid > 0 && v.x >= cut;
  const bool p1 = valid > 1 && v.y >= cut;
  const bool p2 = valid > 2 && v.z >= cut;
  const bool p3 = valid > 3 && v.w >= cut;
  const int mine = p0 + p1 + p2 + p3;
  if (!__any_sync(0xffffffffu, mine != 0)) return;
  const int lane = threadIdx.x % 32;
  int inclusive = mine;
  for (int offset = 1; offset < 32; offset <<= 1) {
    const int y = __shfl_up_sync(0xffffffffu, inclusive, offset);
    if (lane >= offset) inclusive += y;
  }
  int base = 0;
  if (lane == 31) base = atomicAdd(&g_candidates, inclusive);
  base = __shfl_sync(0xffffffffu, base, 31) + inclusive - mine;
  if (p0) candidates[base++] = v.x;
  if (p1) candidates[base++] = v.y;
  if (p2) candidates[base++] = v.z;
  if (p3) candidates[base] = v.w;
}

// Grid-stride over the float4s, two per lane per trip, warp-uniform trip counts (the shuffles in
// keep() need whole warps); warp 0 of block 0 takes the last N % 4 elements.
__global__ void __launch_bounds__(kFilterThreads) filter(const float* input, int N, float* candidates) {
  const float cut = g_cut;
  const long long vecs = N / 4;
  const int lane = threadIdx.x % 32;
  const long long warp = (blockIdx.x * static_cast<long long>(kFilterThreads) + threadIdx.x) / 32;
  const long long warps = gridDim.x * static_cast<long long>(kFilterThreads / 32);
  const float4* in4 = reinterpret_cast<const float4*>(input);
  for (long long q = warp * 64 + lane; q - lane < vecs; q += warps * 64) {
    const bool ok0 = q < vecs, ok1 = q + 32 < vecs;
    const float4 a = ok0 ? in4[q] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    const float4 b = ok1 ? in4[q + 32] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    keep(candidates, cut, a, ok0 ? 4 : 0);
    keep(candidates, cut, b, ok1 ? 4 : 0);
  }
  if (warp == 0) {
    const long long i = 4 * vecs + lane;
    const float4 t = make_float4(i < N ? input[i] : 0.0f, 0.0f, 0.0f, 0.0f);
    keep(candidates, cut, t, i < N ? 1 : 0);
  }
}

static float* candidates = nullptr;
static long long candidates_capacity = 0;
static float* lists = nullptr;
static int lists_capacity = 0;

extern "C" void solve(const float* input, float* output, int N, int k) {
  static int sms = 0;
  if (sms == 0) {
    int device = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaFuncSetAttribute(merge_lists, cudaFuncAttributeMaxDynamicSharedMemorySize, 16384 * sizeof(float));
  }
  if (N > candidates_capacity) {
    cudaFree(candidates);
    candidates = nullptr;
    candidates_capacity = 0;
    if (cudaMalloc(&candidates, static_cast<size_t>(N) * sizeof(float)) != cudaSuccess) return;
    candidates_capacity = N;
  }
  const int list_blocks = sms;
  if (list_blocks * 1024 > lists_capacity) {
    cudaFree(lists);
    lists = nullptr;
    lists_capacity = 0;
    if (cudaMalloc(&lists, list_blocks * 1024 * sizeof(float)) != cudaSuccess) return;
    lists_capacity = list_blocks * 1024;
  }
  sample_cut<<<1, 1024>>>(input, N, k);
  filter<<<sms * (2048 / kFilterThreads), kFilterThreads>>>(input, N, candidates);
  block_lists<<<list_blocks, kThreads>>>(input, N, candidates, k, lists);
  merge_lists<<<1, kMergeThreads, 16384 * sizeof(float)>>>(lists, list_blocks, k, output);
}
