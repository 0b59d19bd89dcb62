// One block of 1024 threads: each thread converts its pairs to float, multiplies and adds them
// in a float (a block-stride loop), a shared-memory tree adds the 1024 partial sums, and thread
// 0 stores the total as a half. No atomics and no second kernel, but a single SM streams all
// 400 MB, two bytes per load: the slowest rung by far.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define THREADS 1024

__global__ void dot_one_block(const half* A, const half* B, half* result, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    float s = 0.0f;
    for (int i = tid; i < N; i += THREADS) s += __half2float(A[i]) * __half2float(B[i]);
    partial[tid] = s;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) result[0] = __float2half(partial[0]);
}

extern "C" void solve(const half* A, const half* B, half* result, int N) {
    dot_one_block<<<1, THREADS>>>(A, B, result, N);
    cudaDeviceSynchronize();
}
