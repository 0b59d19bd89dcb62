// cuBLAS half-precision GEMM baseline for the general-matrix-multiplication-gemm challenge.
//
//   nvcc -O3 -arch=sm_90 bench/cublas_hgemm.cu -lcublas -o build-gpu/cublas_hgemm
//   build-gpu/cublas_hgemm [M N K]          (default: the performance size 2048 2048 2048)
//
// Times C (M x N) = alpha * A (M x K) * B (K x N) + beta * C with every matrix row-major half and
// alpha = beta = 1, like solve() on the performance case. cuBLAS is column-major, so it computes
// C^T = B^T * A^T: a row-major X is a column-major X^T with the same leading dimension, hence
// gemm(N, N, m=N, n=M, k=K, B, ldb=N, A, lda=K, C, ldc=N). Two calls are timed:
//   cublasGemmEx with CUBLAS_COMPUTE_32F: half inputs, float accumulation, the precision the
//     challenge asks for; this is the figure best.cu is compared with;
//   cublasHgemm: half accumulation, shown for reference only (a solution may not accumulate in
//     half: see the challenge's notes).
//
// Protocol, close to the judge's: inputs uniform in [-1, 1), 5 warm-up calls, then 30 timed
// calls, each bracketed by CUDA events on the default stream and preceded (outside the timed
// region) by a write of twice the L2 size so no call starts with a warm L2. With beta = 1 every
// call adds A * B to C again; the values stay far inside the half range and do not affect the
// time. A final call on the restored C is checked on one element. Prints two lines:
//   cublas_gemmex_ms <median> tflops <2*M*N*K / median>
//   cublas_hgemm_ms <median> tflops <2*M*N*K / median>
#include <cublas_v2.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
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

__global__ void fill_uniform(half* p, size_t n, unsigned seed) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    unsigned x = (unsigned)i * 2654435761u ^ seed;  // a cheap hash: the values do not affect the timing
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    p[i] = __float2half((x >> 8) * (2.0f / 16777216.0f) - 1.0f);
  }
}

// Median of `runs` timed calls of `gemm`, each after an L2 flush.
static double time_median(const std::function<void()>& gemm, void* flush, size_t flush_bytes) {
  const int warmup = 5, runs = 30;
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
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  std::sort(ms.begin(), ms.end());
  return runs % 2 ? ms[runs / 2] : 0.5 * (ms[runs / 2 - 1] + ms[runs / 2]);
}

int main(int argc, char** argv) {
  int M = 2048, N = 2048, K = 2048;
  if (argc == 4) {
    M = std::atoi(argv[1]);
    N = std::atoi(argv[2]);
    K = std::atoi(argv[3]);
  } else if (argc != 1) {
    std::fprintf(stderr, "usage: %s [M N K]\n", argv[0]);
    return 2;
  }

  half *A, *B, *C, *C0;
  CUDA_CHECK(cudaMalloc(&A, sizeof(half) * (size_t)M * K));
  CUDA_CHECK(cudaMalloc(&B, sizeof(half) * (size_t)K * N));
  CUDA_CHECK(cudaMalloc(&C, sizeof(half) * (size_t)M * N));
  CUDA_CHECK(cudaMalloc(&C0, sizeof(half) * (size_t)M * N));
  fill_uniform<<<1024, 256>>>(A, (size_t)M * K, 1u);
  fill_uniform<<<1024, 256>>>(B, (size_t)K * N, 2u);
  fill_uniform<<<1024, 256>>>(C0, (size_t)M * N, 3u);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(C, C0, sizeof(half) * (size_t)M * N, cudaMemcpyDeviceToDevice));

  int device = 0, l2_bytes = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device));
  const size_t flush_bytes = std::max<size_t>(2 * (size_t)l2_bytes, 1 << 20);
  void* flush;
  CUDA_CHECK(cudaMalloc(&flush, flush_bytes));

  cublasHandle_t handle;
  CUBLAS_CHECK(cublasCreate(&handle));
  const float alpha = 1.0f, beta = 1.0f;
  const half alpha_h = __float2half(1.0f), beta_h = __float2half(1.0f);
  auto gemm_ex = [&] {
    CUBLAS_CHECK(cublasGemmEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &alpha, B, CUDA_R_16F, N, A, CUDA_R_16F, K,
                              &beta, C, CUDA_R_16F, N, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
  };
  auto hgemm = [&] {
    CUBLAS_CHECK(cublasHgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &alpha_h, B, N, A, K, &beta_h, C, N));
  };
  const double ex_ms = time_median(gemm_ex, flush, flush_bytes);
  const double h_ms = time_median(hgemm, flush, flush_bytes);

  // Spot check of the float-accumulating call on the restored C against a double dot product.
  CUDA_CHECK(cudaMemcpy(C, C0, sizeof(half) * (size_t)M * N, cudaMemcpyDeviceToDevice));
  gemm_ex();
  CUDA_CHECK(cudaDeviceSynchronize());
  const int i = M / 3, j = N / 2;
  std::vector<half> arow(K), bcol(K);
  half c_ij, c0_ij;
  CUDA_CHECK(cudaMemcpy(arow.data(), A + (size_t)i * K, sizeof(half) * K, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy2D(bcol.data(), sizeof(half), B + j, sizeof(half) * N, sizeof(half), K, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&c_ij, C + (size_t)i * N + j, sizeof(half), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&c0_ij, C0 + (size_t)i * N + j, sizeof(half), cudaMemcpyDeviceToHost));
  double want = __half2float(c0_ij);
  for (int t = 0; t < K; ++t) want += (double)__half2float(arow[t]) * __half2float(bcol[t]);
  const double got = __half2float(c_ij);
  if (std::abs(got - want) > 0.05 + 0.05 * std::abs(want)) {
    std::fprintf(stderr, "cuBLAS result check failed: C[%d][%d] = %g, expected %g\n", i, j, got, want);
    return 1;
  }

  const double flops = 2.0 * M * N * K;
  std::printf("cublas_gemmex_ms %.4f tflops %.2f\n", ex_ms, flops / (ex_ms * 1e-3) / 1e12);
  std::printf("cublas_hgemm_ms %.4f tflops %.2f\n", h_ms, flops / (h_ms * 1e-3) / 1e12);
  cublasDestroy(handle);
  return 0;
}
