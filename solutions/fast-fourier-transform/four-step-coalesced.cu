// Four-step FFT, coalesced: as four-step, but each block transforms 4 neighbouring columns (or
// rows) at once, so the strided column loads and transposed row stores move 4 consecutive
// elements, a whole 32-byte sector, instead of one element per sector.
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

#define THREADS 256
#define MAXL 512  // the longest row or column: N = 2^18 = 512 x 512
#define B 4       // rows or columns per block

#define TW(num, den) twiddle(num, den)

// One radix-R Stockham stage over the B sequences of length L held in shared memory
// (x[seq * L + i] -> y[seq * L + i]); see the four-step note at solve.
template <int R>
__device__ __forceinline__ void stage(const float2* x, float2* y, int L, int count, int n, int s, const float2* table,
                                      int tn) {
  const int m = n / R, per = L / R;
  for (int t = threadIdx.x; t < count * per; t += THREADS) {
    const int seq = t / per, u = t % per, p = u / s, q = u % s;
    const float2* xs = x + seq * L;
    float2* ys = y + seq * L;
    float2 v[R];
#pragma unroll
    for (int r = 0; r < R; ++r) v[r] = xs[q + s * (p + r * m)];
    small_dft<R>(v);
    ys[q + s * R * p] = v[0];
#pragma unroll
    for (int i = 1; i < R; ++i) ys[q + s * (R * p + i)] = cmul(v[i], TW(p * i, n));
  }
}

// FFT of `count` sequences of length L in shared memory, ping-ponging between a and b; returns the
// buffer that holds the result.
__device__ float2* block_fft(float2* a, float2* b, int L, int count, const float2* table, int tn) {
  for (int n = L, s = 1; n > 1;) {
    const int R = n % 2 == 0 ? 2 : (n % 4 == 0 ? 4 : 2);
    if (R == 2)
      stage<2>(a, b, L, count, n, s, table, tn);
    else if (R == 4)
      stage<4>(a, b, L, count, n, s, table, tn);
    else
      stage<2>(a, b, L, count, n, s, table, tn);
    __syncthreads();
    float2* t = a;
    a = b;
    b = t;
    n /= R;
    s *= R;
  }
  return a;
}

// Step 1: column c (elements x[N2 n1 + c], n1 < N1) -> its N1-point FFT, times e^{-2 pi i c k1 / N},
// stored at Y[k1 N2 + c]. A block takes B neighbouring columns, so each row's B elements are
// read and written together.
__global__ void __launch_bounds__(THREADS)
    columns(const float2* x, float2* Y, int N, int N1, int N2, const float2* table, int tn) {
  __shared__ float2 a[B * MAXL], b[B * MAXL];
  const int count = min(B, N2), c0 = blockIdx.x * count;
  for (int e = threadIdx.x; e < count * N1; e += THREADS) {
    const int j = e % count, n1 = e / count;
    a[j * N1 + n1] = x[N2 * n1 + c0 + j];
  }
  __syncthreads();
  const float2* r = block_fft(a, b, N1, count, table, tn);
  for (int e = threadIdx.x; e < count * N1; e += THREADS) {
    const int j = e % count, k1 = e / count;
    Y[k1 * N2 + c0 + j] = cmul(r[j * N1 + k1], TW((c0 + j) * k1, N));
  }
}

// Step 2: row k1 (Y[k1 N2 + n2], n2 < N2) -> its N2-point FFT, stored transposed at
// X[k1 + N1 k2]. A block takes B neighbouring rows, so each k2's B outputs are written together.
__global__ void __launch_bounds__(THREADS)
    rows(const float2* Y, float2* X, int N1, int N2, const float2* table, int tn) {
  __shared__ float2 a[B * MAXL], b[B * MAXL];
  const int count = min(B, N1), r0 = blockIdx.x * count;
  for (int e = threadIdx.x; e < count * N2; e += THREADS) a[e] = Y[r0 * N2 + e];
  __syncthreads();
  const float2* r = block_fft(a, b, N2, count, table, tn);
  for (int e = threadIdx.x; e < count * N2; e += THREADS) {
    const int j = e % count, k2 = e / count;
    X[r0 + j + N1 * k2] = r[j * N2 + k2];
  }
}

static float2* scratch = nullptr;
static int scratch_size = 0;

// Four-step FFT: N = N1 N2, n = N2 n1 + n2, k = k1 + N1 k2. Then
// X[k1 + N1 k2] = sum_n2 e^{-2 pi i n2 k2 / N2} [e^{-2 pi i n2 k1 / N} sum_n1 x[N2 n1 + n2] e^{-2 pi i n1 k1 / N1}]:
// N2 FFTs of length N1 (columns), a twiddle, N1 FFTs of length N2 (rows). Two launches, each
// transform done in shared memory.

extern "C" void solve(const float* signal, float* spectrum, int N) {
  if (N & (N - 1)) {  // not a power of two: the direct DFT
    dft(signal, spectrum, N);
    return;
  }
  int logN = 0;
  while ((1 << logN) < N) ++logN;
  const int N1 = 1 << (logN - logN / 2), N2 = 1 << (logN / 2);
  if (N > scratch_size) {  // grown once to the largest N seen
    cudaFree(scratch);
    cudaMalloc(&scratch, (size_t)N * sizeof(float2));
    scratch_size = N;
  }
  const int count1 = N2 < B ? N2 : B, count2 = N1 < B ? N1 : B;
  columns<<<N2 / count1, THREADS>>>(reinterpret_cast<const float2*>(signal), scratch, N, N1, N2, nullptr, 0);
  rows<<<N1 / count2, THREADS>>>(scratch, reinterpret_cast<float2*>(spectrum), N1, N2, nullptr, 0);
}
