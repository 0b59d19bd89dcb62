// Stockham autosort, radix 4, in global memory, axis by axis: every line of the axis goes through
// out-of-place radix-4 stages (a radix-2 one for odd powers of two) that leave it in natural order,
// ping-ponging between two buffers; threads map to neighbouring butterflies along rows and to
// neighbouring columns along columns, so every stage is coalesced. 2 x 6 launches at 2048 x 2048
// instead of 2 x 12, no bit-reversal pass; other lengths take the direct DFT.
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

// Thread t -> (line, u): along rows, neighbouring threads take neighbouring butterflies of one
// line; along columns, neighbouring lines (columns), so every access is coalesced either way.
__device__ __forceinline__ void split_thread(int t, int per, const Axis& a, int& line, int& u) {
  if (a.stride == 1) {
    line = t / per;
    u = t % per;
  } else {
    line = t % a.lines;
    u = t / a.lines;
  }
}

template <int R>
__global__ void stockham_stage(const float2* x, float2* y, Axis a, int n, int s) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= a.L / R * a.lines) return;
  int line, u;
  split_thread(t, a.L / R, a, line, u);
  const int m = n / R, p = u / s, q = u % s;
  const float2* xl = x + (size_t)line * a.line_step;
  float2* yl = y + (size_t)line * a.line_step;
  float2 v[R];
#pragma unroll
  for (int r = 0; r < R; ++r) v[r] = xl[(size_t)(q + s * (p + r * m)) * a.stride];
  small_dft<R>(v);
  yl[(size_t)(q + s * R * p) * a.stride] = v[0];
#pragma unroll
  for (int i = 1; i < R; ++i) yl[(size_t)(q + s * (R * p + i)) * a.stride] = cmul(v[i], twiddle(p * i, n));
}

// x -> y, with tmp as the other ping-pong buffer (x itself is never written).
static void transform(const float2* x, float2* y, float2* tmp, Axis a) {
  if (!is_pow2(a.L)) {
    dft(x, y, a);
    return;
  }
  if (a.L == 1) {  // lines of one element: the grid is one contiguous row or column, unchanged
    cudaMemcpy(y, x, (size_t)a.lines * sizeof(float2), cudaMemcpyDeviceToDevice);
    return;
  }
  int stages = 0;
  for (int n = a.L; n > 1; ++stages) n /= (n % 4 == 0 ? 4 : 2);
  const float2* src = x;
  int stage = 0;
  for (int n = a.L, s = 1; n > 1; ++stage) {
    float2* dst = (stages - 1 - stage) % 2 == 0 ? y : tmp;  // the last stage lands in y
    const int R = n % 4 == 0 ? 4 : 2;
    const int blocks = (a.L / R * a.lines + 255) / 256;
    if (R == 4)
      stockham_stage<4><<<blocks, 256>>>(src, dst, a, n, s);
    else
      stockham_stage<2><<<blocks, 256>>>(src, dst, a, n, s);
    src = dst;
    n /= R;
    s *= R;
  }
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
  transform(reinterpret_cast<const float2*>(signal), scratch, scratch + cells, rows);
  transform(scratch, reinterpret_cast<float2*>(spectrum), scratch + cells, columns);
}
