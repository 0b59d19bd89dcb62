// cuBLAS SGEMM baseline for the matrix-multiplication challenge.
//
//   nvcc -O3 -arch=sm_90 bench/cublas_sgemm.cu -lcublas -o build-gpu/cublas_sgemm
//   build-gpu/cublas_sgemm [M N K]          (default: the performance size 8192 6144 4096)
//
// Times C (M x K) = A (M x N) * B (N x K), all row-major float32, like solve() in the challenge.
// cuBLAS is column-major, so it computes C^T = B^T * A^T: a row-major X is a column-major X^T
// with the same leading dimension, hence cublasSgemm(N, N, m=K, n=M, k=N, B, ldb=K, A, lda=N,
// C, ldc=K). The math mode is CUBLAS_DEFAULT_MATH, i.e. true FP32 (no TF32 tensor cores), the
// precision the challenge's tolerance asks for.
//
// Protocol, close to the judge's: inputs uniform in [-0.5, 0.5), 5 warm-up calls, then 30 timed
// calls, each bracketed by CUDA events on the default stream and preceded (outside the timed
// region) by a write of twice the L2 size so no call starts with a warm L2. Prints one line:
//   cublas_sgemm_ms <median> tflops <2*M*N*K / median>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(x)                                                                       \
  do {                                                                                      \
    cudaError_t e_ = (x);                                                                   \
    if (e_ != cudaSuccess) {                                                                \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)
#define CUBLAS_CHECK(x)                                                                 \
  do {                                                                                  \
    cublasStatus_t s_ = (x);                                                            \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                  \
      std::fprintf(stderr, "%s:%d: %s: cuBLAS status %d\n", __FILE__, __LINE__, #x, (int)s_); \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

__global__ void fill_uniform(float* p, size_t n, unsigned seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    unsigned x = (unsigned)i * 2654435761u ^ seed;  // a cheap hash: the values do not affect the timing
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    p[i] = (x >> 8) * (1.0f / 16777216.0f) - 0.5f;
  }
}

int main(int argc, char** argv) {
  int M = 8192, N = 6144, K = 4096;
  if (argc == 4) {
    M = std::atoi(argv[1]);
    N = std::atoi(argv[2]);
    K = std::atoi(argv[3]);
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: %s [M N K]\n", argv[0]);
    return 2;
  }
  const int warmup = 5, runs = 30;

  float *A, *B, *C;
  CUDA_CHECK(cudaMalloc(&A, sizeof(float) * (size_t)M * N));
  CUDA_CHECK(cudaMalloc(&B, sizeof(float) * (size_t)N * K));
  CUDA_CHECK(cudaMalloc(&C, sizeof(float) * (size_t)M * K));
  fill_uniform<<<1024, 256>>>(A, (size_t)M * N, 1u);
  fill_uniform<<<1024, 256>>>(B, (size_t)N * K, 2u);
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
  const float alpha = 1.0f, beta = 0.0f;
  auto gemm = [&] {
    CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, K, M, N, &alpha, B, K, A, N, &beta, C, K));
  };

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  for (int i = 0; i < warmup; ++i) gemm();
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<float> ms(runs);
  for (int i = 0; i < runs; ++i) {
    CUDA_CHECK(cudaMemsetAsync(flush, i & 0xff, flush_bytes, nullptr));
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaEventRecord(start, nullptr));
    gemm();
    CUDA_CHECK(cudaEventRecord(stop, nullptr));
    CUDA_CHECK(cudaEventSynchronize(stop));
    CUDA_CHECK(cudaEventElapsedTime(&ms[i], start, stop));
  }
  std::sort(ms.begin(), ms.end());
  const double median = runs % 2 ? ms[runs / 2] : 0.5 * (ms[runs / 2 - 1] + ms[runs / 2]);

  // Spot check one element against a double-precision dot product, so a wrong call is noticed.
  const int i = M / 3, j = K / 2;
  std::vector<float> arow(N), bcol(N);
  float c_ij;
  CUDA_CHECK(cudaMemcpy(arow.data(), A + (size_t)i * N, sizeof(float) * N, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy2D(bcol.data(), sizeof(float), B + j, sizeof(float) * K, sizeof(float), N, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&c_ij, C + (size_t)i * K + j, sizeof(float), cudaMemcpyDeviceToHost));
  double want = 0;
  for (int t = 0; t < N; ++t) want += (double)arow[t] * bcol[t];
  if (std::abs(c_ij - want) > 1e-3 + 1e-3 * std::abs(want)) {
    std::fprintf(stderr, "cuBLAS result check failed: C[%d][%d] = %g, expected %g\n", i, j, c_ij, want);
    return 1;
  }

  std::printf("cublas_sgemm_ms %.4f tflops %.2f\n", median, 2.0 * M * N * K / (median * 1e-3) / 1e12);
  cublasDestroy(handle);
  return 0;
}
