// x staged in shared memory: a block of 8 warps (one row each) copies x into shared memory in
// chunks of 4096 floats (16 KiB, so any N fits), then every warp reads its row with float4 loads
// and x from shared memory instead of L1/L2. x is fetched from global memory once per block
// instead of once per row, but the barriers around each chunk briefly stall the row loads.
#include <cuda_runtime.h>

#define WARPS 8
#define XCHUNK 4096

__global__ void __launch_bounds__(WARPS * 32) gemv_x_shared(const float* A, const float* x, float* y, int M, int N) {
  __shared__ __align__(16) float xs[XCHUNK];
  const int lane = threadIdx.x % 32;
  const int row = blockIdx.x * WARPS + threadIdx.x / 32;
  const bool vec = N % 4 == 0;
  const float* a = A + (size_t)(row < M ? row : 0) * N;
  float sum = 0.0f;
  for (int c0 = 0; c0 < N; c0 += XCHUNK) {
    const int len = min(XCHUNK, N - c0);
    __syncthreads();  // every warp is done with the previous chunk
    for (int i = threadIdx.x; i < len; i += WARPS * 32) xs[i] = x[c0 + i];
    __syncthreads();
    if (row >= M) continue;  // no early return: the warp must keep joining the barriers
    if (vec) {
      const float4* a4 = reinterpret_cast<const float4*>(a + c0);  // c0 and N multiples of 4
      const float4* x4 = reinterpret_cast<const float4*>(xs);
      for (int j = lane; j < len / 4; j += 32) {
        const float4 u = a4[j], v = x4[j];
        sum += u.x * v.x + u.y * v.y + u.z * v.z + u.w * v.w;
      }
    } else {
      for (int j = lane; j < len; j += 32) sum += a[c0 + j] * xs[j];
    }
  }
  if (row >= M) return;
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, off);
  if (lane == 0) y[row] = sum;
}

extern "C" void solve(const float* A, const float* x, float* y, int M, int N) {
  gemv_x_shared<<<(M + WARPS - 1) / WARPS, WARPS * 32>>>(A, x, y, M, N);
  cudaDeviceSynchronize();
}
