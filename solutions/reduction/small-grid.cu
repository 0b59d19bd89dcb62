// A small fixed grid: 32 blocks of 256 threads, a grid-stride loop, one atomicAdd per block.
//
// A common first multi-block version: a hard-coded grid, each thread adding up every 8192nd
// element, a shared-memory tree per block, and the 32 block totals added into output[0] with
// atomicAdd after a cudaMemset. 32 blocks occupy 32 SMs with a quarter of their threads, so the
// loads in flight, and with them the bandwidth, stay far below what the GPU can do: much faster
// than one block, much slower than a grid that covers the whole GPU.
#include <cuda_runtime.h>

#define THREADS 256
#define BLOCKS 32

__global__ void small_grid_sum(const float* input, float* output, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    float sum = 0.0f;
    for (int i = blockIdx.x * THREADS + tid; i < N; i += BLOCKS * THREADS) sum += input[i];
    partial[tid] = sum;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(output, partial[0]);
}

extern "C" void solve(const float* input, float* output, int N) {
    cudaMemset(output, 0, sizeof(float));
    small_grid_sum<<<BLOCKS, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
