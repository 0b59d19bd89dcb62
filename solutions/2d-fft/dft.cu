// Naive but separable: a direct DFT of every row, then of every column (the 2-D DFT is the two
// 1-D DFTs one after the other), one thread per output, any M and N. O(MN(M + N)) products,
// each with a sincospif: 1.7e10 of them at 2048 x 2048, where an FFT needs about 1e8.
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

static void transform(const float2* x, float2* y, float2*, Axis a) {
  dft(x, y, a);
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
