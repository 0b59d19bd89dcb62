// A fixed grid of 32 blocks of 256 threads: grid-stride loop with a float accumulator per
// thread, a shared-memory tree per block, one float atomicAdd per block into a zeroed scratch
// total, and a one-thread kernel that stores it as a half. 32 of the GPU's SMs work, each with
// 8 warps of 2-byte loads.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define THREADS 256
#define BLOCKS 32

__device__ float total;

__global__ void dot_small_grid(const half* A, const half* B, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    float s = 0.0f;
    for (int i = blockIdx.x * THREADS + tid; i < N; i += BLOCKS * THREADS)
        s += __half2float(A[i]) * __half2float(B[i]);
    partial[tid] = s;
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
    dot_small_grid<<<BLOCKS, THREADS>>>(A, B, N);
    store_half<<<1, 1>>>(result);
    cudaDeviceSynchronize();
}
