// One product per thread, added with atomicAdd into a float in shared memory (the block's
// total), then one global float atomicAdd per block into a zeroed scratch total, and a
// one-thread kernel stores it as a half. The 256 shared-memory atomics of a block all hit one
// address and are serialized: simple, but each block waits on that queue.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define THREADS 256

__device__ float total;

__global__ void dot_shared_atomic(const half* A, const half* B, int N) {
    __shared__ float block_total;
    if (threadIdx.x == 0) block_total = 0.0f;
    __syncthreads();
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < N) atomicAdd(&block_total, __half2float(A[i]) * __half2float(B[i]));
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(&total, block_total);
}

__global__ void store_half(half* result) { result[0] = __float2half(total); }

extern "C" void solve(const half* A, const half* B, half* result, int N) {
    static float* total_ptr = nullptr;
    if (total_ptr == nullptr) cudaGetSymbolAddress(reinterpret_cast<void**>(&total_ptr), total);
    cudaMemsetAsync(total_ptr, 0, sizeof(float));
    dot_shared_atomic<<<(N + THREADS - 1) / THREADS, THREADS>>>(A, B, N);
    store_half<<<1, 1>>>(result);
    cudaDeviceSynchronize();
}
