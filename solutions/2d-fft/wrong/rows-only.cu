// WRONG: transforms every row and stops: the column transform is missing, so the result is N-point
// DFTs of the rows, not the 2-D DFT. Right only when M = 1; example 1 shows it (the second row
// comes out [7, -1] instead of [-4, 0]).
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

// The 2-D transform is a 1-D transform of every row (length N, stride 1), then of every column
// (length M, stride N). An "axis" is one of those: `lines` lines of length L, element i of line l
// at l * line_step + i * stride.
struct Axis {
  int L, lines, line_step, stride;
};
__host__ __device__ inline bool is_pow2(int n) {
  return (n & (n - 1)) == 0;
}

// Direct DFT along an axis, one thread per output (line = blockIdx.y): X[k] = sum_i x[i]
// e^{-2 pi i k i / L}, the line read through shared-memory tiles; (k * i) mod L kept exactly,
// products in float, sums in double.
#define DFT_THREADS 256
__global__ void __launch_bounds__(DFT_THREADS) dft_axis(const float2* x, float2* y, Axis a) {
  __shared__ float2 tile[DFT_THREADS];
  const int k = blockIdx.x * DFT_THREADS + threadIdx.x;
  const float2* xl = x + (size_t)blockIdx.y * a.line_step;
  const int step = k < a.L ? k : 0;
  int idx = 0;  // (k * i) mod L
  double re = 0.0, im = 0.0;
  for (int base = 0; base < a.L; base += DFT_THREADS) {
    const int i = base + threadIdx.x;
    tile[threadIdx.x] = i < a.L ? xl[(size_t)i * a.stride] : make_float2(0.0f, 0.0f);
    __syncthreads();
    const int count = min(DFT_THREADS, a.L - base);
    for (int j = 0; j < count; ++j) {
      const float2 p = cmul(tile[j], twiddle(idx, a.L));
      re += p.x;
      im += p.y;
      idx += step;
      if (idx >= a.L) idx -= a.L;
    }
    __syncthreads();
  }
  if (k < a.L) y[(size_t)blockIdx.y * a.line_step + (size_t)k * a.stride] = make_float2((float)re, (float)im);
}

static void dft(const float2* x, float2* y, Axis a) {
  dft_axis<<<dim3((a.L + DFT_THREADS - 1) / DFT_THREADS, a.lines), DFT_THREADS>>>(x, y, a);
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
#define B 4                   // lines per block, at most
#define MAX_BLOCK_CELLS 8192  // 2 x 64 KiB of shared memory (two ping-pong buffers)

#define TW(num, den) twiddle(num, den)

// One radix-R Stockham stage over `count` lines of length L in shared memory (x[j L + i] ->
// y[j L + i]): thread t takes butterfly u = p s + q of line j, reads x[q + s (p + r m)] (m = n / R),
// writes y[q + s (R p + i)] = e^{-2 pi i p i / n} (R-point DFT)_i; the result comes out sorted.
template <int R>
__device__ __forceinline__ void stage(const float2* x, float2* y, int L, int count, int n, int s, const float2* table,
                                      int tn) {
  const int m = n / R, per = L / R;
  for (int t = threadIdx.x; t < count * per; t += THREADS) {
    const int j = t / per, u = t % per, p = u / s, q = u % s;
    const float2* xs = x + j * L;
    float2* ys = y + j * L;
    float2 v[R];
#pragma unroll
    for (int r = 0; r < R; ++r) v[r] = xs[q + s * (p + r * m)];
    small_dft<R>(v);
    ys[q + s * R * p] = v[0];
#pragma unroll
    for (int i = 1; i < R; ++i) ys[q + s * (R * p + i)] = cmul(v[i], TW(p * i, n));
  }
}

// FFT of `count` lines of length L in shared memory, ping-ponging between a and b; returns the
// buffer with the result.
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

// A block loads `per_block` whole lines into shared memory (rows: along each line; columns:
// across neighbouring columns, so each grid row's piece is one contiguous run), transforms them
// and stores them the same way.
__global__ void __launch_bounds__(THREADS)
    lines_fft(const float2* x, float2* y, Axis a, int per_block, const float2* table) {
  extern __shared__ float2 smem[];
  float2* buf_a = smem;
  float2* buf_b = smem + per_block * a.L;
  const int l0 = blockIdx.x * per_block, count = min(per_block, a.lines - l0);
  for (int e = threadIdx.x; e < count * a.L; e += THREADS) {
    const int j = a.stride == 1 ? e / a.L : e % count, i = a.stride == 1 ? e % a.L : e / count;
    buf_a[j * a.L + i] = x[(size_t)(l0 + j) * a.line_step + (size_t)i * a.stride];
  }
  __syncthreads();
  const float2* r = block_fft(buf_a, buf_b, a.L, count, table, a.L);
  for (int e = threadIdx.x; e < count * a.L; e += THREADS) {
    const int j = a.stride == 1 ? e / a.L : e % count, k = a.stride == 1 ? e % a.L : e / count;
    y[(size_t)(l0 + j) * a.line_step + (size_t)k * a.stride] = r[j * a.L + k];
  }
}

// x -> y along one axis (x is never written; y may be x only for this shared-memory path).
static void transform(const float2* x, float2* y, float2*, Axis a) {
  if (!is_pow2(a.L)) {
    dft(x, y, a);
    return;
  }
  int per_block = MAX_BLOCK_CELLS / a.L;
  if (per_block > B) per_block = B;
  if (per_block > a.lines) per_block = a.lines;
  const int bytes = 2 * per_block * a.L * (int)sizeof(float2);
  cudaFuncSetAttribute(lines_fft, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
  lines_fft<<<(a.lines + per_block - 1) / per_block, THREADS, bytes>>>(x, y, a, per_block, nullptr);
}

static float2* scratch = nullptr;  // the row-transformed grid, then room for ping-pong
static size_t scratch_size = 0;

extern "C" void solve(const float* signal, float* spectrum, int M, int N) {
  const size_t cells = (size_t)M * N;
  if (2 * cells > scratch_size) {  // grown once to the largest grid seen
    cudaFree(scratch);
    cudaMalloc(&scratch, 2 * cells * sizeof(float2));
    scratch_size = 2 * cells;
  }
  const Axis rows = {N, M, N, 1}, columns = {M, N, 1, N};
  // rows: signal -> scratch; columns: scratch -> spectrum (scratch + cells is spare room)
  (void)columns;  // BUG: only the rows are transformed; the column transform is missing
  transform(reinterpret_cast<const float2*>(signal), reinterpret_cast<float2*>(spectrum), scratch + cells, rows);
}
