// The textbook reduction: one product per thread (as a float), a sequential-addressing
// shared-memory tree per block, one float atomicAdd per block into a zeroed scratch total, then
// a one-thread kernel stores the half. Full occupancy, but each thread has only 4 bytes to load
// and 390,625 blocks each climb an eight-level tree.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define THREADS 256

__device__ float total;

__global__ void dot_per_thread(const half* A, const half* B, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * THREADS + tid;
    partial[tid] = i < N ? __half2float(A[i]) * __half2float(B[i]) : 0.0f;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(&total, partial[0]);
}

__global__ void store_half(half* result) { result[0] = __float2half(total); }

extern "C" void solve(const half* A, const half* B, half* result, int N) {
    static float* total_ptr = nullptr;
    if (total_ptr == nullptr) cudaGetSymbolAddress(reinterpret_cast<void**>(&total_ptr), total);
    cudaMemsetAsync(total_ptr, 0, sizeof(float));
    dot_per_thread<<<(N + THREADS - 1) / THREADS, THREADS>>>(A, B, N);
    store_half<<<1, 1>>>(result);
    cudaDeviceSynchronize();
}
