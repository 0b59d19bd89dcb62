// Stockham autosort, radix 4, in global memory: as stockham-radix2, but each thread does a 4-point
// DFT (no multiplications inside it) and three twiddles per stage, so half the stages: 9 launches
// at N = 2^18, each a pass over the data (a radix-2 stage finishes odd powers of two).
#include <cuda_runtime.h>

__device__ __forceinline__ float2 cadd(float2 a, float2 b) {
  return make_float2(a.x + b.x, a.y + b.y);
}
__device__ __forceinline__ float2 csub(float2 a, float2 b) {
  return make_float2(a.x - b.x, a.y - b.y);
}
__device__ __forceinline__ float2 cmul(float2 a, float2 b) {
  return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
// e^{-2 pi i num / den} (0 <= num < den): sincospif keeps full float accuracy for any angle.
__device__ __forceinline__ float2 twiddle(int num, int den) {
  float s, c;
  sincospif(-2.0f * (float)num / (float)den, &s, &c);
  return make_float2(c, s);
}

// Direct DFT, one thread per output k: X[k] = sum_n x[n] e^{-2 pi i k n / N}, the signal read
// through shared-memory tiles. (k * n) mod N is kept incrementally so every twiddle angle is exact;
// each product is a float, the sums are doubles (float sums over 262,144 terms drift by about
// 0.02, past the tolerance of the smallest outputs).
#define DFT_THREADS 256
__global__ void __launch_bounds__(DFT_THREADS) dft_kernel(const float2* x, float2* X, int N) {
  __shared__ float2 tile[DFT_THREADS];
  const int k = blockIdx.x * DFT_THREADS + threadIdx.x;
  const int step = k < N ? k : 0;
  int idx = 0;  // (k * n) mod N
  double re = 0.0, im = 0.0;
  for (int base = 0; base < N; base += DFT_THREADS) {
    const int n = base + threadIdx.x;
    tile[threadIdx.x] = n < N ? x[n] : make_float2(0.0f, 0.0f);
    __syncthreads();
    const int count = min(DFT_THREADS, N - base);
    for (int j = 0; j < count; ++j) {
      const float2 p = cmul(tile[j], twiddle(idx, N));
      re += p.x;
      im += p.y;
      idx += step;
      if (idx >= N) idx -= N;
    }
    __syncthreads();
  }
  if (k < N) X[k] = make_float2((float)re, (float)im);
}

static void dft(const float* signal, float* spectrum, int N) {
  dft_kernel<<<(N + DFT_THREADS - 1) / DFT_THREADS, DFT_THREADS>>>(reinterpret_cast<const float2*>(signal),
                                                                   reinterpret_cast<float2*>(spectrum), N);
}

// In-register forward DFTs of 2, 4 and 8 points (y_i = sum_r v_r e^{-2 pi i r i / R}).
__device__ __forceinline__ float2 mul_minus_i(float2 a) {
  return make_float2(a.y, -a.x);
}
__device__ __forceinline__ void dft2(float2& a, float2& b) {
  const float2 t = a;
  a = cadd(t, b);
  b = csub(t, b);
}
__device__ __forceinline__ void dft4(float2& a, float2& b, float2& c, float2& d) {
  const float2 apc = cadd(a, c), amc = csub(a, c), bpd = cadd(b, d), mjbmd = mul_minus_i(csub(b, d));
  a = cadd(apc, bpd);
  b = cadd(amc, mjbmd);
  c = csub(apc, bpd);
  d = csub(amc, mjbmd);
}
template <int R>
__device__ __forceinline__ void small_dft(float2* v) {
  if constexpr (R == 2) {
    dft2(v[0], v[1]);
  } else if constexpr (R == 4) {
    dft4(v[0], v[1], v[2], v[3]);
  } else {  // R == 8: two 4-point DFTs of the even and odd values, joined with e^{-2 pi i j / 8}
    float2 e0 = v[0], e1 = v[2], e2 = v[4], e3 = v[6], o0 = v[1], o1 = v[3], o2 = v[5], o3 = v[7];
    dft4(e0, e1, e2, e3);
    dft4(o0, o1, o2, o3);
    const float h = 0.70710678118654752f;
    o1 = make_float2(h * (o1.x + o1.y), h * (o1.y - o1.x));
    o2 = mul_minus_i(o2);
    o3 = make_float2(h * (o3.y - o3.x), -h * (o3.x + o3.y));
    v[0] = cadd(e0, o0);
    v[4] = csub(e0, o0);
    v[1] = cadd(e1, o1);
    v[5] = csub(e1, o1);
    v[2] = cadd(e2, o2);
    v[6] = csub(e2, o2);
    v[3] = cadd(e3, o3);
    v[7] = csub(e3, o3);
  }
}

// One Stockham stage of radix R over a sub-transform length n with stride s (decimation in
// frequency, out of place): thread t = p * s + q reads x[q + s (p + r m)], r < R (m = n / R), and
// writes y[q + s (R p + i)] = e^{-2 pi i p i / n} * (R-point DFT)_i. Reads are coalesced, the
// output comes out in natural order: no bit-reversal pass.
template <int R>
__global__ void stockham_stage(const float2* x, float2* y, int N, int n, int s) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= N / R) return;
  const int m = n / R, p = t / s, q = t % s;
  float2 v[R];
#pragma unroll
  for (int r = 0; r < R; ++r) v[r] = x[q + s * (p + r * m)];
  small_dft<R>(v);
  y[q + s * R * p] = v[0];
#pragma unroll
  for (int i = 1; i < R; ++i) y[q + s * (R * p + i)] = cmul(v[i], twiddle(p * i, n));
}

static float2* scratch = nullptr;
static int scratch_size = 0;

extern "C" void solve(const float* signal, float* spectrum, int N) {
  if (N & (N - 1)) {  // not a power of two: the direct DFT
    dft(signal, spectrum, N);
    return;
  }
  if (N == 1) {
    cudaMemcpy(spectrum, signal, 2 * sizeof(float), cudaMemcpyDeviceToDevice);
    return;
  }
  if (N > scratch_size) {  // grown once to the largest N seen
    cudaFree(scratch);
    cudaMalloc(&scratch, (size_t)N * sizeof(float2));
    scratch_size = N;
  }
  int stages = 0;  // the radices, largest first, so the last stage can land in spectrum
  for (int n = N; n > 1; ++stages) n /= (n % 4 == 0 ? 4 : 2);
  const float2* src = reinterpret_cast<const float2*>(signal);
  float2* out = reinterpret_cast<float2*>(spectrum);
  int stage = 0;
  for (int n = N, s = 1; n > 1; ++stage) {
    float2* dst = (stages - 1 - stage) % 2 == 0 ? out : scratch;  // ... -> scratch -> spectrum
    const int R = n % 4 == 0 ? 4 : 2;
    const int blocks = (N / R + 255) / 256;
    if (R == 2)
      stockham_stage<2><<<blocks, 256>>>(src, dst, N, n, s);
    else
      stockham_stage<4><<<blocks, 256>>>(src, dst, N, n, s);
    src = dst;
    n /= R;
    s *= R;
  }
}
