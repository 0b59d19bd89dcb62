// Atomics per element: every product is added with atomicAdd into one shared-memory float of its
// block, then one global atomicAdd per block into result (zeroed first with cudaMemset).
//
// Short and obviously correct, but all 256 threads of a block hit the same shared address: the
// additions into it happen one at a time, so the SMs spend their time waiting on each other
// rather than on memory. The grid is a fixed 4096 blocks (grid-stride loop) so that neither the
// per-block chains (~6,000 additions at the performance size) nor the 4096 global additions grow
// long enough to lose precision.
#include <cuda_runtime.h>

#define THREADS 256
#define BLOCKS 4096

__global__ void dot_shared_atomic(const float* A, const float* B, float* result, int N) {
    __shared__ float block_sum;
    if (threadIdx.x == 0) block_sum = 0.0f;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x)
        atomicAdd(&block_sum, A[i] * B[i]);
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(result, block_sum);
}

extern "C" void solve(const float* A, const float* B, float* result, int N) {
    cudaMemset(result, 0, sizeof(float));
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > BLOCKS) blocks = BLOCKS;
    dot_shared_atomic<<<blocks, THREADS>>>(A, B, result, N);
    cudaDeviceSynchronize();
}
