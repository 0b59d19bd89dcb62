// Histogram, then compact: one pass counts the top 12 bits of every key in 4,096 shared bins per
// block, which shows the bin that holds the k-th largest; a second pass copies the elements of that
// bin and the bins above it (at the performance size about 0.8% of the input) to a candidate
// buffer, and radix select (four byte-wide passes, gather, sort) runs on the candidates only.
// Two full reads of the input instead of four or five.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kBins = 4096;  // the widest digit: 12 bits

__device__ unsigned g_prefix;  // the bits of the k-th largest key found so far
__device__ unsigned g_mask;    // which bits those are
__device__ int g_rank;         // its rank among the keys matching the prefix, 1 = largest
__device__ unsigned g_hist[kBins];
__device__ int g_above;        // elements gathered above the k-th largest
__device__ int g_candidates;   // elements copied by compact()

// Float bits -> unsigned keys in the same order (negative values flipped, positive ones offset).
__device__ __forceinline__ unsigned to_key(float f) {
  const unsigned u = __float_as_uint(f);
  return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}
__device__ __forceinline__ float from_key(unsigned key) {
  return __uint_as_float((key & 0x80000000u) ? (key & 0x7fffffffu) : ~key);
}

// Starts a selection of the k-th largest; `first` also clears the histogram and the candidates
// (a selection leaves the histogram clear).
__global__ void start(int k, int first) {
  if (first)
    for (int b = threadIdx.x; b < kBins; b += blockDim.x) g_hist[b] = 0;
  if (threadIdx.x == 0) {
    if (first) g_candidates = 0;
    g_prefix = 0;
    g_mask = 0;
    g_rank = k;
    g_above = 0;
  }
}

__device__ __forceinline__ void count(unsigned* h, float v, unsigned prefix, unsigned mask, int shift, unsigned digit) {
  const unsigned key = to_key(v);
  if ((key & mask) == prefix) atomicAdd(&h[(key >> shift) & digit], 1u);
}

// Histogram of the digit of `bits` bits at `shift` over the keys that match the prefix.
// Reads the input, or with from_candidates the g_candidates values of `candidates`.
__global__ void __launch_bounds__(kThreads) histogram(const float* input, int N, const float* candidates,
                                                      int from_candidates, int shift, int bits) {
  if (from_candidates) {
    input = candidates;
    N = g_candidates;
  }
  __shared__ unsigned h[kBins];
  for (int b = threadIdx.x; b < kBins; b += kThreads) h[b] = 0;
  __syncthreads();
  const unsigned prefix = g_prefix, mask = g_mask;
  const unsigned digit = (1u << bits) - 1;
  const long long vecs = N / 4;
  const long long first = blockIdx.x * static_cast<long long>(kThreads) + threadIdx.x;
  const long long stride = gridDim.x * static_cast<long long>(kThreads);
  const float4* in4 = reinterpret_cast<const float4*>(input);
  for (long long q = first; q < vecs; q += stride) {
    const float4 v = in4[q];
    count(h, v.x, prefix, mask, shift, digit);
    count(h, v.y, prefix, mask, shift, digit);
    count(h, v.z, prefix, mask, shift, digit);
    count(h, v.w, prefix, mask, shift, digit);
  }
  if (4 * vecs + first < N) count(h, input[4 * vecs + first], prefix, mask, shift, digit);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += kThreads)
    if (h[b] != 0) atomicAdd(&g_hist[b], h[b]);
}

// One block of 1,024 threads: the digit whose bin holds the key of rank g_rank, counting bins from
// the top; fixes it in the prefix and clears the histogram for the next pass.
__global__ void __launch_bounds__(1024) choose_digit(int shift, int bits) {
  __shared__ int warp_sums[32];
  const int t = threadIdx.x;
  const int lane = t % 32, warp = t / 32;
  const int bins = 1 << bits;                  // 256 or 4,096
  const int per = bins > 1024 ? bins / 1024 : 1;  // bins per thread
  const int top = bins - 1 - t * per;          // thread t owns bins top, top - 1, ..., in descending order
  int c = 0;
  for (int j = 0; j < per; ++j)
    if (top - j >= 0) c += static_cast<int>(g_hist[top - j]);
  int inclusive = c;
  for (int offset = 1; offset < 32; offset <<= 1) {
    const int y = __shfl_up_sync(0xffffffffu, inclusive, offset);
    if (lane >= offset) inclusive += y;
  }
  if (lane == 31) warp_sums[warp] = inclusive;
  const int rank = g_rank;
  __syncthreads();
  for (int w = 0; w < warp; ++w) inclusive += warp_sums[w];
  int run = inclusive - c;  // keys in the bins above this thread's
  for (int j = 0; j < per && top - j >= 0; ++j) {
    const int h = static_cast<int>(g_hist[top - j]);
    if (run < rank && rank <= run + h) {  // exactly one bin
      g_prefix |= static_cast<unsigned>(top - j) << shift;
      g_mask |= static_cast<unsigned>(bins - 1) << shift;
      g_rank = rank - run;
    }
    run += h;
    g_hist[top - j] = 0;
  }
}

// Copies every element whose top 12 bits are at least those of the k-th largest (g_prefix after
// the first pass) to the candidates: one global atomic per warp and trip.
__global__ void __launch_bounds__(kThreads) compact(const float* input, int N, float* candidates) {
  const unsigned low = g_prefix;
  const int lane = threadIdx.x % 32;
  const long long warp = (blockIdx.x * static_cast<long long>(kThreads) + threadIdx.x) / 32;
  const long long warps = gridDim.x * static_cast<long long>(kThreads / 32);
  for (long long i0 = warp * 32; i0 < N; i0 += warps * 32) {  // warp-uniform trips
    const long long i = i0 + lane;
    const float v = (i < N) ? input[i] : 0.0f;
    const bool keep = i < N && to_key(v) >= low;
    const unsigned ballot = __ballot_sync(0xffffffffu, keep);
    if (ballot == 0) continue;
    int base = 0;
    if (lane == 0) base = atomicAdd(&g_candidates, __popc(ballot));
    base = __shfl_sync(0xffffffffu, base, 0);
    if (keep) candidates[base + __popc(ballot & ((1u << lane) - 1))] = v;
  }
}

// The candidates strictly above the k-th largest: k - g_rank of them.
__global__ void gather(const float* candidates, float* above) {
  const unsigned kth = g_prefix;
  const float* input = candidates;
  const int N = g_candidates;
  const long long stride = gridDim.x * static_cast<long long>(blockDim.x);
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < N; i += stride) {
    const float v = input[i];
    if (to_key(v) > kth) above[atomicAdd(&g_above, 1)] = v;
  }
}

// One block: sorts the gathered elements and fills the rest of the output with the k-th largest.
__global__ void __launch_bounds__(1024) finish(const float* above, int k, float* output) {
  __shared__ float s[1024];
  const int m = g_above;
  for (int j = threadIdx.x; j < 1024; j += 1024) s[j] = (j < m) ? above[j] : __int_as_float(0xff800000);
  __syncthreads();
  for (int size = 2; size <= 1024; size <<= 1)
    for (int stride = size / 2; stride > 0; stride >>= 1) {
      if (threadIdx.x < 512) {
        const int t = threadIdx.x;
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
  const float kth = from_key(g_prefix);
  for (int j = threadIdx.x; j < k; j += 1024) output[j] = (j < m) ? s[j] : kth;
}

static float* above = nullptr;
static float* candidates = nullptr;
static int candidates_capacity = 0;

extern "C" void solve(const float* input, float* output, int N, int k) {
  static int blocks = 0;
  if (blocks == 0) {
    int device = 0, sms = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (cudaMalloc(&above, 1024 * sizeof(float)) != cudaSuccess) return;
    blocks = sms * (2048 / kThreads);
  }
  if (N > candidates_capacity) {
    cudaFree(candidates);
    candidates = nullptr;
    candidates_capacity = 0;
    if (cudaMalloc(&candidates, static_cast<size_t>(N) * sizeof(float)) != cudaSuccess) return;
    candidates_capacity = N;
  }
  start<<<1, 1024>>>(k, 1);
  histogram<<<blocks, kThreads>>>(input, N, candidates, 0, 20, 12);
  choose_digit<<<1, 1024>>>(20, 12);
  compact<<<blocks, kThreads>>>(input, N, candidates);
  start<<<1, 1024>>>(k, 0);  // select again, among the candidates
  for (int shift = 24; shift >= 0; shift -= 8) {
    histogram<<<blocks, kThreads>>>(input, N, candidates, 1, shift, 8);
    choose_digit<<<1, 1024>>>(shift, 8);
  }
  gather<<<blocks, kThreads>>>(candidates, above);
  finish<<<1, 1024>>>(above, k, output);
  cudaDeviceSynchronize();
}
