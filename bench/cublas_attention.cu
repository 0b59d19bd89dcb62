// cuBLAS baseline for the softmax-attention and multi-head-attention challenges.
//
//   nvcc -O3 -arch=sm_90 bench/cublas_attention.cu -lcublas -o build-gpu/cublas_attention
//   build-gpu/cublas_attention softmax-attention [M N d]       (default 8192 2048 128)
//   build-gpu/cublas_attention multi-head-attention [N d_model h]   (default 1024 1024 16)
//
// The textbook three-step attention, with the matrix products in cuBLAS: S = Q K^T / sqrt(d)
// (cublasSgemm; for multi-head attention cublasSgemmStridedBatched over the heads, whose slices
// are d_k columns of d_model-wide rows), a row softmax kernel (one block per row, max and sum by
// warp shuffles, in place), then output = P V (the same calls). Row-major data seen by
// column-major cuBLAS: a row-major X (r x c) is a column-major X^T with leading dimension c, so
//   S^T (N x M) = K Q^T   ->  Sgemm(T, N, m=N, n=M, k=d, K, lda=d, Q, ldb=d, S, ldc=N)
//   O^T (d x M) = V^T P^T ->  Sgemm(N, N, m=d, n=M, k=N, V, lda=d, S, ldb=N, O, ldc=d)
// (lda/ldb/ldc = d_model for the head slices). Math mode CUBLAS_DEFAULT_MATH: true FP32, no TF32,
// the precision the challenges' tolerances ask for. The M x N scratch is allocated once, outside
// the timed calls.
//
// Protocol, close to the judge's: inputs uniform in the challenge's performance range, 5 warm-up
// calls, then 30 timed calls, each bracketed by CUDA events on the default stream and preceded
// (outside the timed region) by a write of twice the L2 size so no call starts with a warm L2.
// One output row is checked against a double-precision CPU computation. Prints one line:
//   cublas_attention_ms <median> gflops <4*M*N*d / median>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CUDA_CHECK(x)                                                                          \
  do {                                                                                         \
    cudaError_t e_ = (x);                                                                      \
    if (e_ != cudaSuccess) {                                                                   \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      std::exit(1);                                                                            \
    }                                                                                          \
  } while (0)
#define CUBLAS_CHECK(x)                                                                       \
  do {                                                                                        \
    cublasStatus_t s_ = (x);                                                                  \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                        \
      std::fprintf(stderr, "%s:%d: %s: cuBLAS status %d\n", __FILE__, __LINE__, #x, (int)s_); \
      std::exit(1);                                                                           \
    }                                                                                         \
  } while (0)

__global__ void fill_uniform(float* p, size_t n, unsigned seed, float range) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    unsigned x = (unsigned)i * 2654435761u ^ seed;  // a cheap hash: the values do not affect the timing
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    p[i] = ((x >> 8) * (1.0f / 16777216.0f) * 2.0f - 1.0f) * range;
  }
}

// In place, one block of 256 threads per row of S (rows x n).
__global__ void softmax_rows(float* S, int n) {
  __shared__ float red[8];
  float* row = S + (size_t)blockIdx.x * n;
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  float m = -INFINITY;
  for (int j = tid; j < n; j += 256) m = fmaxf(m, row[j]);
  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  if (lane == 0) red[warp] = m;
  __syncthreads();
  m = red[0];
  for (int w = 1; w < 8; ++w) m = fmaxf(m, red[w]);
  __syncthreads();
  float sum = 0.0f;
  for (int j = tid; j < n; j += 256) {
    const float e = __expf(row[j] - m);
    row[j] = e;
    sum += e;
  }
  for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(0xffffffffu, sum, o);
  if (lane == 0) red[warp] = sum;
  __syncthreads();
  sum = 0.0f;
  for (int w = 0; w < 8; ++w) sum += red[w];
  const float inv = 1.0f / sum;
  for (int j = tid; j < n; j += 256) row[j] *= inv;
}

int main(int argc, char** argv) {
  const bool mha = argc >= 2 && std::strcmp(argv[1], "multi-head-attention") == 0;
  if (argc < 2 || (!mha && std::strcmp(argv[1], "softmax-attention") != 0) || (argc != 2 && argc != 5)) {
    std::fprintf(stderr, "usage: %s softmax-attention [M N d] | multi-head-attention [N d_model h]\n", argv[0]);
    return 2;
  }
  // Queries M, keys N, row width ld, heads h of width dk (softmax-attention: h = 1, dk = ld = d).
  int M = 8192, N = 2048, ld = 128, h = 1;
  if (mha) M = N = 1024, ld = 1024, h = 16;
  if (argc == 5) {
    if (mha) {
      M = N = std::atoi(argv[2]);
      ld = std::atoi(argv[3]);
      h = std::atoi(argv[4]);
    } else {
      M = std::atoi(argv[2]);
      N = std::atoi(argv[3]);
      ld = std::atoi(argv[4]);
    }
  }
  if (M < 1 || N < 1 || h < 1 || ld < 1 || ld % h != 0) {
    std::fprintf(stderr, "invalid size\n");
    return 2;
  }
  const int dk = ld / h;
  const float range = mha ? 2.0f : 0.1f;  // the performance cases' input ranges
  const int warmup = 5, runs = 30;

  float *Q, *K, *V, *O, *S;
  CUDA_CHECK(cudaMalloc(&Q, sizeof(float) * (size_t)M * ld));
  CUDA_CHECK(cudaMalloc(&K, sizeof(float) * (size_t)N * ld));
  CUDA_CHECK(cudaMalloc(&V, sizeof(float) * (size_t)N * ld));
  CUDA_CHECK(cudaMalloc(&O, sizeof(float) * (size_t)M * ld));
  CUDA_CHECK(cudaMalloc(&S, sizeof(float) * (size_t)h * M * N));
  fill_uniform<<<1024, 256>>>(Q, (size_t)M * ld, 1u, range);
  fill_uniform<<<1024, 256>>>(K, (size_t)N * ld, 2u, range);
  fill_uniform<<<1024, 256>>>(V, (size_t)N * ld, 3u, range);
  CUDA_CHECK(cudaGetLastError());

  int device = 0, l2_bytes = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device));
  const size_t flush_bytes = std::max<size_t>(2 * (size_t)l2_bytes, 1 << 20);
  void* flush;
  CUDA_CHECK(cudaMalloc(&flush, flush_bytes));

  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  CUBLAS_CHECK(cublasSetMathMode(handle, CUBLAS_DEFAULT_MATH));
  const float scale = 1.0f / std::sqrt((float)dk), one = 1.0f, zero = 0.0f;
  const long long s_stride = (long long)M * N;
  auto attention = [&] {
    CUBLAS_CHECK(cublasSgemmStridedBatched(handle, CUBLAS_OP_T, CUBLAS_OP_N, N, M, dk, &scale, K, ld, dk, Q, ld, dk,
                                           &zero, S, N, s_stride, h));
    softmax_rows<<<(unsigned)((long long)h * M), 256>>>(S, N);
    CUBLAS_CHECK(cublasSgemmStridedBatched(handle, CUBLAS_OP_N, CUBLAS_OP_N, dk, M, N, &one, V, ld, dk, S, N, s_stride,
                                           &zero, O, ld, dk, h));
  };

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  for (int i = 0; i < warmup; ++i) attention();
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<float> ms(runs);
  for (int i = 0; i < runs; ++i) {
    CUDA_CHECK(cudaMemsetAsync(flush, i & 0xff, flush_bytes, nullptr));
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaEventRecord(start, nullptr));
    attention();
    CUDA_CHECK(cudaEventRecord(stop, nullptr));
    CUDA_CHECK(cudaEventSynchronize(stop));
    CUDA_CHECK(cudaEventElapsedTime(&ms[i], start, stop));
  }
  CUDA_CHECK(cudaGetLastError());
  std::sort(ms.begin(), ms.end());
  const double median = runs % 2 ? ms[runs / 2] : 0.5 * (ms[runs / 2 - 1] + ms[runs / 2]);

  // Spot check one query row (all heads) against double precision, so a wrong call is noticed.
  const int i = M / 3;
  std::vector<float> q(ld), k((size_t)N * ld), v((size_t)N * ld), o(ld);
  CUDA_CHECK(cudaMemcpy(q.data(), Q + (size_t)i * ld, sizeof(float) * ld, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(k.data(), K, sizeof(float) * k.size(), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(v.data(), V, sizeof(float) * v.size(), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(o.data(), O + (size_t)i * ld, sizeof(float) * ld, cudaMemcpyDeviceToHost));
  for (int hd = 0; hd < h; ++hd) {
    std::vector<double> p(N);
    double mx = -INFINITY, sum = 0;
    for (int j = 0; j < N; ++j) {
      double dot = 0;
      for (int t = 0; t < dk; ++t) dot += (double)q[hd * dk + t] * k[(size_t)j * ld + hd * dk + t];
      p[j] = dot / std::sqrt((double)dk);
      mx = std::max(mx, p[j]);
    }
    for (int j = 0; j < N; ++j) sum += (p[j] = std::exp(p[j] - mx));
    for (int c = 0; c < dk; ++c) {
      double want = 0;
      for (int j = 0; j < N; ++j) want += p[j] * v[(size_t)j * ld + hd * dk + c];
      want /= sum;
      const float got = o[hd * dk + c];
      if (std::abs(got - want) > 1e-4 + 1e-4 * std::abs(want)) {
        std::fprintf(stderr, "cuBLAS attention check failed: output[%d][%d] = %g, expected %g\n", i, hd * dk + c, got,
                     want);
        return 1;
      }
    }
  }

  std::printf("cublas_attention_ms %.4f gflops %.1f\n", median, 4.0 * M * N * (double)ld / (median * 1e-3) / 1e9);
  cublasDestroy(handle);
  return 0;
}
