// WRONG: float accumulation per block, but the block totals are added into result itself with
// atomicAdd(__half) and result is never zeroed. It holds the judge's marker (a NaN) on entry,
// and NaN plus anything stays NaN: wrong answer on the first test. (Adding block totals into a
// half would also lose precision on large inputs; the missing zero fails first.)
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_BLOCKS 1024

__global__ void dot_atomic(const half* A, const half* B, half* result, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    float s = 0.0f;
    for (int i = blockIdx.x * THREADS + tid; i < N; i += gridDim.x * THREADS)
        s += __half2float(A[i]) * __half2float(B[i]);
    partial[tid] = s;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(result, __float2half(partial[0]));
}

extern "C" void solve(const half* A, const half* B, half* result, int N) {
    // Bug: missing cudaMemset(result, 0, sizeof(half)).
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    dot_atomic<<<blocks, THREADS>>>(A, B, result, N);
    cudaDeviceSynchronize();
}
