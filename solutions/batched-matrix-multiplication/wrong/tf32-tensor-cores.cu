// WRONG (WA): TF32 tensor cores (wmma m16n16k8), which keep only 10 bits of each input's mantissa.
//
// The kernel is otherwise correct: one warp per 16 x 16 tile of C[b], tiles of A and B staged in
// shared memory with zeros past the edges, float accumulators, guarded stores. The examples pass
// (their small integers and halves are exact in TF32), but on random inputs each product is off
// by about 1e-3 relative, and sums of a few dozen products miss atol = rtol = 1e-5 by far (test
// small-3x5x7 already fails). The tolerance asks for true float32 arithmetic.
#include <cuda_runtime.h>
#include <mma.h>

using namespace nvcuda;

__global__ void bmm_tf32(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ __align__(32) float a_s[16 * 8];
  __shared__ __align__(32) float b_s[8 * 16];
  __shared__ __align__(32) float c_s[16 * 16];
  const size_t batch = blockIdx.z;
  A += batch * M * K;
  B += batch * K * N;
  C += batch * M * N;
  const int m0 = blockIdx.y * 16, n0 = blockIdx.x * 16;
  const int lane = threadIdx.x;

  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k0 = 0; k0 < K; k0 += 8) {
    for (int e = lane; e < 128; e += 32) {
      const int ar = e / 8, ac = e % 8;  // A tile 16 x 8
      a_s[e] = (m0 + ar < M && k0 + ac < K) ? A[(size_t)(m0 + ar) * K + k0 + ac] : 0.0f;
      const int br = e / 16, bc = e % 16;  // B tile 8 x 16
      b_s[e] = (k0 + br < K && n0 + bc < N) ? B[(size_t)(k0 + br) * N + n0 + bc] : 0.0f;
    }
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b;
    wmma::load_matrix_sync(a, a_s, 8);
    wmma::load_matrix_sync(b, b_s, 16);
    for (int i = 0; i < a.num_elements; ++i) a.x[i] = wmma::__float_to_tf32(a.x[i]);
    for (int i = 0; i < b.num_elements; ++i) b.x[i] = wmma::__float_to_tf32(b.x[i]);
    wmma::mma_sync(acc, a, b, acc);
    __syncwarp();  // every lane has read the tiles before they are overwritten
  }
  wmma::store_matrix_sync(c_s, acc, 16, wmma::mem_row_major);
  __syncwarp();
  for (int e = lane; e < 256; e += 32) {
    const int r = m0 + e / 16, c = n0 + e % 16;
    if (r < M && c < N) C[(size_t)r * N + c] = c_s[e];
  }
}

extern "C" void solve(const float* A, const float* B, float* C, int BATCH, int M, int N, int K) {
  dim3 blocks((N + 15) / 16, (M + 15) / 16, BATCH);
  bmm_tf32<<<blocks, 32>>>(A, B, C, M, N, K);
  cudaDeviceSynchronize();
}
