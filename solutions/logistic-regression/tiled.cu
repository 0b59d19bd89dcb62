// device-solve.cu with the sums split over the samples: each block takes a chunk of 1024 samples
// and one 32 x 32 tile of the Hessian, stages 32-sample slabs of the two column strips of X in
// shared memory (coalesced loads) and adds its partial tile to H with atomics; the gradient is
// split over the samples the same way.
//
// Faster than device-solve.cu: there a thread per Hessian entry walked all 100,000 samples
// alone (f * f threads, a few hundred blocks' worth of parallelism and no reuse); here every
// loaded value serves 32 entries and the grid fills the GPU.
#include <cuda_runtime.h>
#include <math.h>

__global__ void probabilities(const float* X, const float* y, const float* beta, float* r, float* w, int n, int f) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float z = 0.0f;
  for (int j = 0; j < f; ++j) z += X[(size_t)i * f + j] * beta[j];
  const float p = 1.0f / (1.0f + expf(-z));
  r[i] = p - y[i];
  w[i] = fmaxf(p * (1.0f - p), 1e-8f);
}

#define TILE 32
#define CHUNK 1024  // samples per block: the sums are split over the samples, added with atomics

// Partial gradient of one chunk of samples: a thread per feature (consecutive features, so the
// loads of a sample's row are coalesced). Chunk 0 adds the 1e-6 beta term.
__global__ void gradient_split(const float* X, const float* r, const float* beta, float* g, int n, int f) {
  const int a = blockIdx.x * blockDim.x + threadIdx.x;
  if (a >= f) return;
  const int i_begin = blockIdx.y * CHUNK, i_end = min(n, i_begin + CHUNK);
  float s = 0.0f;
  for (int i = i_begin; i < i_end; ++i) s += X[(size_t)i * f + a] * r[i];
  if (blockIdx.y == 0) s += 1e-6f * beta[a];
  atomicAdd(&g[a], s);
}

// One 32 x 32 tile of H = X^T W X + 1e-6 I over one chunk of samples. Slabs of 32 samples of the
// tile's two column strips are staged in shared memory (W folded into the first), and each
// thread accumulates 4 entries of the tile.
__global__ void hessian_tiled(const float* X, const float* w, float* H, int n, int f) {
  __shared__ float xa[TILE][TILE + 1], xb[TILE][TILE + 1];  // [sample][feature]
  const int a0 = blockIdx.y * TILE, b0 = blockIdx.x * TILE;
  const int tx = threadIdx.x, ty = threadIdx.y;  // 32 x 8 threads
  const int i_begin = blockIdx.z * CHUNK, i_end = min(n, i_begin + CHUNK);
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
    if (a < f && b < f) atomicAdd(&H[(size_t)a * f + b], acc[q] + (blockIdx.z == 0 && a == b ? 1e-6f : 0.0f));
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
  float *r, *w, *g, *H;
  int* state;  // [0]: done, [1]: steps taken
  cudaMalloc(&r, n * sizeof(float));
  cudaMalloc(&w, n * sizeof(float));
  cudaMalloc(&g, f * sizeof(float));
  cudaMalloc(&H, (size_t)f * f * sizeof(float));
  cudaMalloc(&state, 2 * sizeof(int));
  cudaMemset(state, 0, 2 * sizeof(int));
  cudaMemset(beta, 0, f * sizeof(float));
  const int chunks = (n + CHUNK - 1) / CHUNK, tiles = (f + TILE - 1) / TILE;
  for (int done = 0; !done;) {
    probabilities<<<(n + 255) / 256, 256>>>(X, y, beta, r, w, n, f);
    cudaMemsetAsync(g, 0, f * sizeof(float));
    cudaMemsetAsync(H, 0, (size_t)f * f * sizeof(float));
    gradient_split<<<dim3((f + 127) / 128, chunks), 128>>>(X, r, beta, g, n, f);
    hessian_tiled<<<dim3(tiles, tiles, chunks), dim3(TILE, 8)>>>(X, w, H, n, f);
    cholesky_step<<<1, SOLVE_THREADS>>>(H, g, beta, f, state, state + 1);
    cudaMemcpy(&done, state, sizeof(int), cudaMemcpyDeviceToHost);
  }
  cudaFree(r);
  cudaFree(w);
  cudaFree(g);
  cudaFree(H);
  cudaFree(state);
}
