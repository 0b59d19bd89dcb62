// Wrong: radix select whose last kernel writes k + 1 values (a loop with j <= k): the extra
// value lands one element past the end of output.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kBits = 8;
constexpr int kBins = 1 << kBits;

__device__ unsigned g_prefix;  // the bits of the k-th largest key found so far
__device__ unsigned g_mask;    // which bits those are
__device__ int g_rank;         // its rank among the keys matching the prefix, 1 = largest
__device__ unsigned g_hist[kBins];
__device__ int g_above;        // elements gathered above the k-th largest

// Float bits -> unsigned keys in the same order (negative values flipped, positive ones offset).
__device__ __forceinline__ unsigned to_key(float f) {
  const unsigned u = __float_as_uint(f);
  return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}
__device__ __forceinline__ float from_key(unsigned key) {
  return __uint_as_float((key & 0x80000000u) ? (key & 0x7fffffffu) : ~key);
}

__global__ void start(int k) {
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) g_hist[b] = 0;
  if (threadIdx.x == 0) {
    g_prefix = 0;
    g_mask = 0;
    g_rank = k;
    g_above = 0;
  }
}

__device__ __forceinline__ void count(unsigned* h, float v, unsigned prefix, unsigned mask, int shift) {
  const unsigned key = to_key(v);
  if ((key & mask) == prefix) atomicAdd(&h[(key >> shift) & (kBins - 1)], 1u);
}

// Histogram of the digit at `shift` over the keys that match the prefix.
__global__ void __launch_bounds__(kThreads) histogram(const float* input, int N, int shift) {
  __shared__ unsigned h[kBins];
  for (int b = threadIdx.x; b < kBins; b += kThreads) h[b] = 0;
  __syncthreads();
  const unsigned prefix = g_prefix, mask = g_mask;
  const long long vecs = N / 4;
  const long long first = blockIdx.x * static_cast<long long>(kThreads) + threadIdx.x;
  const long long stride = gridDim.x * static_cast<long long>(kThreads);
  const float4* in4 = reinterpret_cast<const float4*>(input);
  for (long long q = first; q < vecs; q += stride) {
    const float4 v = in4[q];
    count(h, v.x, prefix, mask, shift);
    count(h, v.y, prefix, mask, shift);
    count(h, v.z, prefix, mask, shift);
    count(h, v.w, prefix, mask, shift);
  }
  if (4 * vecs + first < N) count(h, input[4 * vecs + first], prefix, mask, shift);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += kThreads)
    if (h[b] != 0) atomicAdd(&g_hist[b], h[b]);
}

// One block of 1,024 threads: the digit whose bin holds the key of rank g_rank, counting bins from
// the top; fixes it in the prefix and clears the histogram for the next pass.
__global__ void __launch_bounds__(1024) choose_digit(int shift) {
  __shared__ int warp_sums[32];
  const int t = threadIdx.x;
  const int lane = t % 32, warp = t / 32;
  const int bin = kBins - 1 - t;  // thread t owns one bin, in descending order
  const int c = (bin >= 0) ? static_cast<int>(g_hist[bin]) : 0;
  int inclusive = c;
  for (int offset = 1; offset < 32; offset <<= 1) {
    const int y = __shfl_up_sync(0xffffffffu, inclusive, offset);
    if (lane >= offset) inclusive += y;
  }
  if (lane == 31) warp_sums[warp] = inclusive;
  const int rank = g_rank;
  __syncthreads();
  for (int w = 0; w < warp; ++w) inclusive += warp_sums[w];
  const int exclusive = inclusive - c;
  if (bin >= 0) {
    if (exclusive < rank && rank <= inclusive) {  // exactly one thread
      g_prefix |= static_cast<unsigned>(bin) << shift;
      g_mask |= static_cast<unsigned>(kBins - 1) << shift;
      g_rank = rank - exclusive;
    }
    g_hist[bin] = 0;
  }
}

// The elements strictly above the k-th largest: k - g_rank of them.
__global__ void gather(const float* input, int N, float* above) {
  const unsigned kth = g_prefix;
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
  for (int j = threadIdx.x; j <= k; j += 1024) output[j] = (j < m) ? s[j] : kth;
}

static float* above = nullptr;

extern "C" void solve(const float* input, float* output, int N, int k) {
  static int blocks = 0;
  if (blocks == 0) {
    int device = 0, sms = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (cudaMalloc(&above, 1024 * sizeof(float)) != cudaSuccess) return;
    blocks = sms * (2048 / kThreads);
  }
  start<<<1, kBins>>>(k);
  for (int shift = 32 - kBits; shift >= 0; shift -= kBits) {
    histogram<<<blocks, kThreads>>>(input, N, shift);
    choose_digit<<<1, 1024>>>(shift);
  }
  gather<<<blocks, kThreads>>>(input, N, above);
  finish<<<1, 1024>>>(above, k, output);
  cudaDeviceSynchronize();
}
