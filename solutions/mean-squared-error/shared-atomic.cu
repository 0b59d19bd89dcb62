// Atomics per element: every squared difference is added with atomicAdd into a shared-memory
// float of its warp; each block then adds its total / N into mse (zeroed first) with one global
// atomicAdd.
//
// Short and obviously correct, but the 32 lanes of a warp hit the same shared address: the
// additions into it happen one at a time, so the SMs spend their time waiting on each other
// rather than on memory. The grid is a fixed 2048 blocks (grid-stride loop), and each warp has
// its own float, so no chain of float additions gets longer than ~3,000 at the performance size:
// one float per block would collect 25,000 squares, enough for the small ones to start vanishing.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define BLOCKS 2048

__global__ void mse_shared_atomic(const float* predictions, const float* targets, float* mse, int N) {
    __shared__ float warp_sums[WARPS];
    if (threadIdx.x < WARPS) warp_sums[threadIdx.x] = 0.0f;
    __syncthreads();
    float* mine = &warp_sums[threadIdx.x / 32];
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) {
        const float d = predictions[i] - targets[i];
        atomicAdd(mine, d * d);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        float block_sum = 0.0f;
        for (int w = 0; w < WARPS; ++w) block_sum += warp_sums[w];
        atomicAdd(mse, block_sum / N);
    }
}

extern "C" void solve(const float* predictions, const float* targets, float* mse, int N) {
    cudaMemset(mse, 0, sizeof(float));
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > BLOCKS) blocks = BLOCKS;
    mse_shared_atomic<<<blocks, THREADS>>>(predictions, targets, mse, N);
    cudaDeviceSynchronize();
}
