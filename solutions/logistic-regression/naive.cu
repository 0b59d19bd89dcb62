// Newton's method (IRLS) the plain way. Each step: a thread per sample computes p = sigmoid(x.beta)
// and its weight p(1 - p); a thread per feature sums the gradient X^T (p - y) over all samples;
// a thread per entry of the Hessian X^T W X sums over all samples. Hessian and gradient are then
// copied to the host, which solves H d = g by Cholesky in double, updates beta and decides
// whether to stop (step below 1e-8, or below float noise: 2e-3 of |beta|; at most 1000 steps).
//
// Slow because every entry of H is a separate pass over all samples, and every step makes a
// round trip through the host.
#include <cuda_runtime.h>
#include <math.h>

#include <vector>

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
  g[a] = s + 1e-6f * beta[a];
}

__global__ void hessian(const float* X, const float* w, float* H, int n, int f) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x, a = blockIdx.y;
  if (b >= f) return;
  float s = 0.0f;
  for (int i = 0; i < n; ++i) s += w[i] * X[(size_t)i * f + a] * X[(size_t)i * f + b];
  H[(size_t)a * f + b] = s + (a == b ? 1e-6f : 0.0f);
}

// beta, in place, and whether to stop.
static bool newton_update(std::vector<double>& h, std::vector<double>& g, std::vector<float>& beta, int f) {
  for (int k = 0; k < f; ++k) {
    const double d = sqrt(h[(size_t)k * f + k]);
    h[(size_t)k * f + k] = d;
    for (int i = k + 1; i < f; ++i) h[(size_t)i * f + k] /= d;
    for (int i = k + 1; i < f; ++i)
      for (int j = k + 1; j <= i; ++j) h[(size_t)i * f + j] -= h[(size_t)i * f + k] * h[(size_t)j * f + k];
  }
  for (int k = 0; k < f; ++k) {
    g[k] /= h[(size_t)k * f + k];
    for (int i = k + 1; i < f; ++i) g[i] -= h[(size_t)i * f + k] * g[k];
  }
  for (int k = f - 1; k >= 0; --k) {
    g[k] /= h[(size_t)k * f + k];
    for (int i = 0; i < k; ++i) g[i] -= h[(size_t)k * f + i] * g[k];
  }
  double step = 0.0, norm = 0.0;
  for (int j = 0; j < f; ++j) {
    beta[j] = (float)(beta[j] - g[j]);
    step += g[j] * g[j];
    norm += (double)beta[j] * beta[j];
  }
  return sqrt(step) < 1e-8 + 2e-3 * sqrt(norm);
}

// X, y, beta are device pointers.
extern "C" void solve(const float* X, const float* y, float* beta, int n_samples, int n_features) {
  const int n = n_samples, f = n_features;
  float *r, *w, *g, *H;
  cudaMalloc(&r, n * sizeof(float));
  cudaMalloc(&w, n * sizeof(float));
  cudaMalloc(&g, f * sizeof(float));
  cudaMalloc(&H, (size_t)f * f * sizeof(float));
  std::vector<float> hb(f, 0.0f), hh((size_t)f * f), hg(f);
  std::vector<double> dh((size_t)f * f), dg(f);
  cudaMemcpy(beta, hb.data(), f * sizeof(float), cudaMemcpyHostToDevice);
  for (int step = 0; step < 1000; ++step) {
    probabilities<<<(n + 255) / 256, 256>>>(X, y, beta, r, w, n, f);
    gradient<<<(f + 255) / 256, 256>>>(X, r, beta, g, n, f);
    hessian<<<dim3((f + 127) / 128, f), 128>>>(X, w, H, n, f);
    cudaMemcpy(hh.data(), H, hh.size() * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(hg.data(), g, f * sizeof(float), cudaMemcpyDeviceToHost);
    for (size_t e = 0; e < hh.size(); ++e) dh[e] = hh[e];
    for (int j = 0; j < f; ++j) dg[j] = hg[j];
    const bool done = newton_update(dh, dg, hb, f);
    cudaMemcpy(beta, hb.data(), f * sizeof(float), cudaMemcpyHostToDevice);
    if (done) break;
  }
  cudaFree(r);
  cudaFree(w);
  cudaFree(g);
  cudaFree(H);
}
