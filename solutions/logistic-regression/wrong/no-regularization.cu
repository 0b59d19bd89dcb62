// WRONG: device-solve.cu without the 1e-6 ridge terms in the gradient and the Hessian. With
// separable classes the unregularised likelihood has no maximum: beta keeps growing until
// sigmoid rounds to exactly 0 or 1 in float and the gradient vanishes, near 17 instead of the
// regularised 12.02 (performance-official, separable-8x3, one-by-one).
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

__global__ void gradient(const float* X, const float* r, const float* beta, float* g, int n, int f) {
  const int a = blockIdx.x * blockDim.x + threadIdx.x;
  if (a >= f) return;
  float s = 0.0f;
  for (int i = 0; i < n; ++i) s += X[(size_t)i * f + a] * r[i];
  g[a] = s;  // bug: no 1e-6 * beta term
}

__global__ void hessian(const float* X, const float* w, float* H, int n, int f) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x, a = blockIdx.y;
  if (b >= f) return;
  float s = 0.0f;
  for (int i = 0; i < n; ++i) s += w[i] * X[(size_t)i * f + a] * X[(size_t)i * f + b];
  H[(size_t)a * f + b] = s;  // bug: no 1e-6 on the diagonal
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
  for (int done = 0; !done;) {
    probabilities<<<(n + 255) / 256, 256>>>(X, y, beta, r, w, n, f);
    gradient<<<(f + 255) / 256, 256>>>(X, r, beta, g, n, f);
    hessian<<<dim3((f + 127) / 128, f), 128>>>(X, w, H, n, f);
    cholesky_step<<<1, SOLVE_THREADS>>>(H, g, beta, f, state, state + 1);
    cudaMemcpy(&done, state, sizeof(int), cudaMemcpyDeviceToHost);
  }
  cudaFree(r);
  cudaFree(w);
  cudaFree(g);
  cudaFree(H);
  cudaFree(state);
}
