// symmetric.cu with the probabilities and the gradient fused into one kernel: a warp per sample
// computes x . beta, p and the weight, and adds the sample's gradient terms into per-block sums
// in shared memory while the row is still cached. The separate probability pass, and the
// residual array it wrote, are gone.
//
// Faster than symmetric.cu: X is read twice per step instead of three times (the Hessian pass
// still needs it), and one launch fewer.
#include <cuda_runtime.h>
#include <math.h>

#define TILE 32
#define CHUNK 1024  // samples per block: the sums are split over the samples, added with atomics

#define MAX_F 1000

// Probabilities, weights and the partial gradient of one chunk of samples in one pass over its
// rows: a warp per sample computes z = x . beta (lanes over the features, coalesced, then a
// shuffle reduction), every lane gets p, and the lanes add x_a (p - y) into the block's
// gradient in shared memory while the row is still in L1. Chunk 0 adds the 1e-6 beta term.
__global__ void probabilities_gradient(const float* X, const float* y, const float* beta, float* w, float* g, int n,
                                       int f) {
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

// One 32 x 32 tile of H = X^T W X + 1e-6 I on or below the diagonal (the Cholesky reads only the
// lower triangle), over one chunk of samples. Slabs of 32 samples of the
// tile's two column strips are staged in shared memory (W folded into the first), and each
// thread accumulates 4 entries of the tile.
__global__ void hessian_tiled(const float* X, const float* w, float* H, int n, int f) {
  __shared__ float xa[TILE][TILE + 1], xb[TILE][TILE + 1];  // [sample][feature]
  // blockIdx.x numbers the tiles on or below the diagonal: tile row ta >= tile column tb.
  int ta = (int)((sqrtf(8.0f * blockIdx.x + 1.0f) - 1.0f) * 0.5f);
  while ((ta + 1) * (ta + 2) / 2 <= (int)blockIdx.x) ++ta;  // float rounding of the root
  while (ta * (ta + 1) / 2 > (int)blockIdx.x) --ta;
  const int tb = blockIdx.x - ta * (ta + 1) / 2;
  const int a0 = ta * TILE, b0 = tb * TILE;
  const int tx = threadIdx.x, ty = threadIdx.y;  // 32 x 8 threads
  const int i_begin = blockIdx.y * CHUNK, i_end = min(n, i_begin + CHUNK);
  float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int i0 = i_begin; i0 < i_end; i0 += TILE) {
    for (int s = ty; s < TILE; s += 8) {
      const int i = i0 + s;
      const bool in = i < i_end;
      xa[s][tx] = in && a0 + tx < f ? X[(size_t)i * f + a0 + tx] * w[i] : 0.0f;
      xb[s][tx] = in && b0 + tx < f ? X[(size_t)i * f + b0 + tx] : 0.0f;
    }
    __syncthreads();
#pragma unroll 8
    for (int s = 0; s < TILE; ++s) {
      const float vb = xb[s][tx];
#pragma unroll
      for (int q = 0; q < 4; ++q) acc[q] += xa[s][ty + 8 * q] * vb;
    }
    __syncthreads();
  }
#pragma unroll
  for (int q = 0; q < 4; ++q) {
    const int a = a0 + ty + 8 * q, b = b0 + tx;
    if (a < f && b < f) atomicAdd(&H[(size_t)a * f + b], acc[q] + (blockIdx.y == 0 && a == b ? 1e-6f : 0.0f));
  }
}

// One block solves H d = g in place by Cholesky (H's lower triangle becomes L, g becomes d),
// takes the step beta -= d and sets *done when the step is below 1e-8 or below float noise
// (2e-3 of |beta|). `count` counts the steps; after 1000 the search stops too.
#define SOLVE_THREADS 1024

__global__ void __launch_bounds__(SOLVE_THREADS)
    cholesky_step(float* H, float* g, float* beta, int f, int* done, int* count) {
  __shared__ float pivot;
  __shared__ float red_step[SOLVE_THREADS / 32], red_norm[SOLVE_THREADS / 32];
  const int t = threadIdx.x;
  for (int k = 0; k < f; ++k) {
    if (t == 0) {
      pivot = sqrtf(H[(size_t)k * f + k]);
      H[(size_t)k * f + k] = pivot;
    }
    __syncthreads();
    for (int i = k + 1 + t; i < f; i += SOLVE_THREADS) H[(size_t)i * f + k] /= pivot;
    __syncthreads();
    const int m = f - k - 1;
    for (int e = t; e < m * m; e += SOLVE_THREADS) {
      const int i = k + 1 + e / m, j = k + 1 + e % m;
      if (j <= i) H[(size_t)i * f + j] -= H[(size_t)i * f + k] * H[(size_t)j * f + k];
    }
    __syncthreads();
  }
  for (int k = 0; k < f; ++k) {  // L z = g
    if (t == 0) g[k] /= H[(size_t)k * f + k];
    __syncthreads();
    for (int i = k + 1 + t; i < f; i += SOLVE_THREADS) g[i] -= H[(size_t)i * f + k] * g[k];
    __syncthreads();
  }
  for (int k = f - 1; k >= 0; --k) {  // L^T d = z
    if (t == 0) g[k] /= H[(size_t)k * f + k];
    __syncthreads();
    for (int i = t; i < k; i += SOLVE_THREADS) g[i] -= H[(size_t)k * f + i] * g[k];
    __syncthreads();
  }
  float step = 0.0f, norm = 0.0f;
  for (int j = t; j < f; j += SOLVE_THREADS) {
    const float b = beta[j] - g[j];
    beta[j] = b;
    step += g[j] * g[j];
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
  __syncthreads();
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
  const int chunks = (n + CHUNK - 1) / CHUNK, tiles = (f + TILE - 1) / TILE;
  for (int done = 0; !done;) {
    cudaMemsetAsync(g, 0, f * sizeof(float));
    cudaMemsetAsync(H, 0, (size_t)f * f * sizeof(float));
    probabilities_gradient<<<chunks, 256>>>(X, y, beta, w, g, n, f);
    hessian_tiled<<<dim3(tiles * (tiles + 1) / 2, chunks), dim3(TILE, 8)>>>(X, w, H, n, f);
    cholesky_step<<<1, SOLVE_THREADS>>>(H, g, beta, f, state, state + 1);
    cudaMemcpy(&done, state, sizeof(int), cudaMemcpyDeviceToHost);
  }
  cudaFree(w);
  cudaFree(g);
  cudaFree(H);
  cudaFree(state);
}
