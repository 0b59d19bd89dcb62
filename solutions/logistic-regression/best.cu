// device-loop.cu with a leaner step: the Cholesky factorisation of a small Hessian (f <= 64, the
// ranking case) runs in shared memory, and the solve kernel clears H and g for the next step
// itself, so a Newton step is three kernels and no memsets. Everything else as before: one pass
// fusing probabilities and gradient, 64 x 64 register-blocked lower tiles of X^T W X split over
// the samples, and 8 steps queued per read of the done flag.
//
// Faster than device-loop.cu: the factorisation's 3 f barriers each wait on shared memory rather
// than L2, and two memset launches per step are gone.
#include <cuda_runtime.h>
#include <math.h>

#define HTILE 64
#define SLAB 16
#define CHUNK 1024  // samples per block: the sums are split over the samples, added with atomics

#define MAX_F 1000

// Probabilities, weights and the partial gradient of one chunk of samples in one pass over its
// rows: a warp per sample computes z = x . beta (lanes over the features, coalesced, then a
// shuffle reduction), every lane gets p, and the lanes add x_a (p - y) into the block's
// gradient in shared memory while the row is still in L1. Chunk 0 adds the 1e-6 beta term.
__global__ void probabilities_gradient(const float* X, const float* y, const float* beta, float* w, float* g, int n,
                                       int f, const int* done) {
  if (*done) return;  // the search has stopped: a queued step does nothing
  __shared__ float sbeta[MAX_F], sg[MAX_F];
  for (int a = threadIdx.x; a < f; a += blockDim.x) {
    sbeta[a] = beta[a];
    sg[a] = 0.0f;
  }
  __syncthreads();
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, warps = blockDim.x >> 5;
  const int i_end = min(n, (int)(blockIdx.x + 1) * CHUNK);
  for (int i = blockIdx.x * CHUNK + warp; i < i_end; i += warps) {
    const float* row = X + (size_t)i * f;
    float z = 0.0f;
    for (int a = lane; a < f; a += 32) z += row[a] * sbeta[a];
    for (int o = 16; o > 0; o >>= 1) z += __shfl_xor_sync(0xffffffffu, z, o);
    const float p = 1.0f / (1.0f + expf(-z));
    const float r = p - y[i];
    if (lane == 0) w[i] = fmaxf(p * (1.0f - p), 1e-8f);
    for (int a = lane; a < f; a += 32) atomicAdd(&sg[a], row[a] * r);
  }
  __syncthreads();
  for (int a = threadIdx.x; a < f; a += blockDim.x)
    atomicAdd(&g[a], sg[a] + (blockIdx.x == 0 ? 1e-6f * sbeta[a] : 0.0f));
}

// One 64 x 64 tile of H = X^T W X + 1e-6 I on or below the diagonal, over one chunk of samples:
// 16 x 16 threads, each accumulating a 4 x 4 block of the tile in registers (rows ty + 16 q,
// columns tx + 16 q), from 16-sample slabs of the two column strips staged in shared memory.
// Each shared value loaded now feeds 4 multiply-adds instead of 1.
__global__ void __launch_bounds__(256)
    hessian_tiled(const float* X, const float* w, float* H, int n, int f, const int* done) {
  if (*done) return;
  __shared__ float xa[SLAB][HTILE], xb[SLAB][HTILE];  // [sample][feature]
  int ta = (int)((sqrtf(8.0f * blockIdx.x + 1.0f) - 1.0f) * 0.5f);
  while ((ta + 1) * (ta + 2) / 2 <= (int)blockIdx.x) ++ta;
  while (ta * (ta + 1) / 2 > (int)blockIdx.x) --ta;
  const int tb = blockIdx.x - ta * (ta + 1) / 2;
  const int a0 = ta * HTILE, b0 = tb * HTILE;
  const int tx = threadIdx.x & 15, ty = threadIdx.x >> 4;
  const int i_begin = blockIdx.y * CHUNK, i_end = min(n, i_begin + CHUNK);
  float acc[4][4] = {};
  for (int i0 = i_begin; i0 < i_end; i0 += SLAB) {
    for (int e = threadIdx.x; e < SLAB * HTILE; e += 256) {
      const int s = e / HTILE, c = e % HTILE, i = i0 + s;
      const bool in = i < i_end;
      xa[s][c] = in && a0 + c < f ? X[(size_t)i * f + a0 + c] * w[i] : 0.0f;
      xb[s][c] = in && b0 + c < f ? X[(size_t)i * f + b0 + c] : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int s = 0; s < SLAB; ++s) {
      float va[4], vb[4];
#pragma unroll
      for (int q = 0; q < 4; ++q) {
        va[q] = xa[s][ty + 16 * q];
        vb[q] = xb[s][tx + 16 * q];
      }
#pragma unroll
      for (int p = 0; p < 4; ++p)
#pragma unroll
        for (int q = 0; q < 4; ++q) acc[p][q] += va[p] * vb[q];
    }
    __syncthreads();
  }
#pragma unroll
  for (int p = 0; p < 4; ++p)
#pragma unroll
    for (int q = 0; q < 4; ++q) {
      const int a = a0 + ty + 16 * p, b = b0 + tx + 16 * q;
      if (a < f && b < f) atomicAdd(&H[(size_t)a * f + b], acc[p][q] + (blockIdx.y == 0 && a == b ? 1e-6f : 0.0f));
    }
}

// One block solves H d = g by Cholesky (H's lower triangle becomes L, g becomes d), takes the
// step beta -= d and sets *done when the step is below 1e-8 or below float noise (2e-3 of
// |beta|), or after 1000 steps. For f <= 64 the factorisation runs on a copy in shared memory
// (16 KB), where each of its ~3 f barriers guards a few shared accesses instead of L2 traffic.
// It then clears H and g for the next step, so no memset is queued between steps.
#define SOLVE_THREADS 1024
#define SMALL_F 64

__global__ void __launch_bounds__(SOLVE_THREADS)
    cholesky_step(float* H, float* g, float* beta, int f, int* done, int* count) {
  if (*done) return;
  __shared__ float sH[SMALL_F * SMALL_F], sg[SMALL_F];
  __shared__ float pivot;
  __shared__ float red_step[SOLVE_THREADS / 32], red_norm[SOLVE_THREADS / 32];
  const int t = threadIdx.x;
  const bool small = f <= SMALL_F;
  float* A = small ? sH : H;
  float* v = small ? sg : g;
  if (small) {
    for (int e = t; e < f * f; e += SOLVE_THREADS) sH[e] = H[e];
    for (int j = t; j < f; j += SOLVE_THREADS) sg[j] = g[j];
    __syncthreads();
  }
  for (int k = 0; k < f; ++k) {
    if (t == 0) {
      pivot = sqrtf(A[k * f + k]);
      A[k * f + k] = pivot;
    }
    __syncthreads();
    for (int i = k + 1 + t; i < f; i += SOLVE_THREADS) A[(size_t)i * f + k] /= pivot;
    __syncthreads();
    const int m = f - k - 1;
    for (int e = t; e < m * m; e += SOLVE_THREADS) {
      const int i = k + 1 + e / m, j = k + 1 + e % m;
      if (j <= i) A[(size_t)i * f + j] -= A[(size_t)i * f + k] * A[(size_t)j * f + k];
    }
    __syncthreads();
  }
  for (int k = 0; k < f; ++k) {  // L z = g
    if (t == 0) v[k] /= A[(size_t)k * f + k];
    __syncthreads();
    for (int i = k + 1 + t; i < f; i += SOLVE_THREADS) v[i] -= A[(size_t)i * f + k] * v[k];
    __syncthreads();
  }
  for (int k = f - 1; k >= 0; --k) {  // L^T d = z
    if (t == 0) v[k] /= A[(size_t)k * f + k];
    __syncthreads();
    for (int i = t; i < k; i += SOLVE_THREADS) v[i] -= A[(size_t)k * f + i] * v[k];
    __syncthreads();
  }
  float step = 0.0f, norm = 0.0f;
  for (int j = t; j < f; j += SOLVE_THREADS) {
    const float b = beta[j] - v[j];
    beta[j] = b;
    step += v[j] * v[j];
    norm += b * b;
  }
  for (int o = 16; o > 0; o >>= 1) {
    step += __shfl_down_sync(0xffffffffu, step, o);
    norm += __shfl_down_sync(0xffffffffu, norm, o);
  }
  if ((t & 31) == 0) {
    red_step[t / 32] = step;
    red_norm[t / 32] = norm;
  }
  __syncthreads();  // every read of H and g is done: clear them for the next step
  for (size_t e = t; e < (size_t)f * f; e += SOLVE_THREADS) H[e] = 0.0f;
  for (int j = t; j < f; j += SOLVE_THREADS) g[j] = 0.0f;
  if (t == 0) {
    step = 0.0f;
    norm = 0.0f;
    for (int w = 0; w < SOLVE_THREADS / 32; ++w) {
      step += red_step[w];
      norm += red_norm[w];
    }
    const int steps = ++*count;
    *done = (sqrtf(step) < 1e-8f + 2e-3f * sqrtf(norm)) || steps >= 1000;
  }
}

// X, y, beta are device pointers.
extern "C" void solve(const float* X, const float* y, float* beta, int n_samples, int n_features) {
  const int n = n_samples, f = n_features;
  float *w, *g, *H;
  int* state;  // [0]: done, [1]: steps taken
  cudaMalloc(&w, n * sizeof(float));
  cudaMalloc(&g, f * sizeof(float));
  cudaMalloc(&H, (size_t)f * f * sizeof(float));
  cudaMalloc(&state, 2 * sizeof(int));
  cudaMemset(state, 0, 2 * sizeof(int));
  cudaMemset(beta, 0, f * sizeof(float));
  cudaMemsetAsync(g, 0, f * sizeof(float));  // cleared here once; each step's solve clears them after
  cudaMemsetAsync(H, 0, (size_t)f * f * sizeof(float));
  const int chunks = (n + CHUNK - 1) / CHUNK, tiles = (f + HTILE - 1) / HTILE;
  // Steps are queued 8 at a time and the done flag read once per batch: the steps queued after
  // the search stops return at once.
  for (int done = 0; !done;) {
    for (int q = 0; q < 8; ++q) {
      probabilities_gradient<<<chunks, 256>>>(X, y, beta, w, g, n, f, state);
      hessian_tiled<<<dim3(tiles * (tiles + 1) / 2, chunks), 256>>>(X, w, H, n, f, state);
      cholesky_step<<<1, SOLVE_THREADS>>>(H, g, beta, f, state, state + 1);
    }
    cudaMemcpy(&done, state, sizeof(int), cudaMemcpyDeviceToHost);
  }
  cudaFree(w);
  cudaFree(g);
  cudaFree(H);
  cudaFree(state);
}
