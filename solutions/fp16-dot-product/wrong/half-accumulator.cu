// WRONG (precision): the textbook reduction done in half. One product per thread (__hmul),
// warp shuffles adding halves, and one atomicAdd(__half) per block into result (zeroed first).
// Half has an 11-bit significand: a total of 16 ignores additions below 1/128, one of 16,384
// additions below 8. Test subnormal-1000003 (block totals near 0.006, exact sum 25) stalls at
// 16, small-products-2000000 (block totals near 4, exact sum 31,250) at 16,384, and at the
// performance size random signs drift by 50 to 200 against a tolerance of 2.8.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__global__ void dot_half(const half* A, const half* B, half* result, int N) {
    __shared__ half warp_sums[WARPS];
    const int i = blockIdx.x * THREADS + threadIdx.x;
    half s = i < N ? __hmul(A[i], B[i]) : __float2half(0.0f);
    for (int offset = 16; offset > 0; offset /= 2) s = __hadd(s, __shfl_down_sync(0xffffffffu, s, offset));
    if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = s;
    __syncthreads();
    if (threadIdx.x == 0) {
        half t = warp_sums[0];
        for (int w = 1; w < WARPS; ++w) t = __hadd(t, warp_sums[w]);
        atomicAdd(result, t);  // Bug: the running total is a half
    }
}

extern "C" void solve(const half* A, const half* B, half* result, int N) {
    cudaMemsetAsync(result, 0, sizeof(half));
    dot_half<<<(N + THREADS - 1) / THREADS, THREADS>>>(A, B, result, N);
    cudaDeviceSynchronize();
}
