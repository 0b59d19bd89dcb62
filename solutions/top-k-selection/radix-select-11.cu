// Radix select with wider digits: as radix-select.cu, but the key is resolved 11, 11 and 10 bits at
// a time, in 2,048 shared-memory bins per block. Three histogram passes instead of four, and the
// first pass's atomics spread over eight times as many bins (the top bits of uniform values fall
// into few bins); still four full reads of the input with the gather.
#include <cuda_runtime.h>

constexpr int kThreads = 256;
constexpr int kBins = 2048;  // the widest digit: 11 bits

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

__device__ __forceinline__ void count(unsigned* h, float v, unsigned prefix, unsigned mask, int shift, unsigned digit) {
  const unsigned key = to_key(v);
  if ((key & mask) == prefix) atomicAdd(&h[(key >> shift) & digit], 1u);
}

// Histogram of the digit of `bits` bits at `shift` over the keys that match the prefix.
__global__ void __launch_bounds__(kThreads) histogram(const float* input, int N, int shift, int bits) {
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
  const int bins = 1 << bits;              // 1,024 or 2,048
  const int per = bins / 1024;             // bins per thread
  const int top = bins - 1 - t * per;      // thread t owns bins top, top - 1, ..., in descending order
  int c = 0;
  for (int j = 0; j < per; ++j) c += static_cast<int>(g_hist[top - j]);
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
  for (int j = 0; j < per; ++j) {
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
  for (int j = threadIdx.x; j < k; j += 1024) output[j] = (j < m) ? s[j] : kth;
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
  start<<<1, 1024>>>(k);
  const int shifts[3] = {21, 10, 0}, widths[3] = {11, 11, 10};
  for (int pass = 0; pass < 3; ++pass) {
    histogram<<<blocks, kThreads>>>(input, N, shifts[pass], widths[pass]);
    choose_digit<<<1, 1024>>>(shifts[pass], widths[pass]);
  }
  gather<<<blocks, kThreads>>>(input, N, above);
  finish<<<1, 1024>>>(above, k, output);
  cudaDeviceSynchronize();
}
