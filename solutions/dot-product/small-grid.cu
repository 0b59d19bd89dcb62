// A small fixed grid: 32 blocks of 256 threads, a grid-stride loop, one atomicAdd per block.
//
// Each thread adds up every 8192nd product, the block combines its 256 partial sums with a tree
// in shared memory, and thread 0 adds the block's total into result (zeroed with cudaMemset).
// Correct for any N, but 32 blocks occupy only 32 SMs, each with a quarter of its threads, so
// too few loads are in flight to keep the memory busy.
#include <cuda_runtime.h>

#define THREADS 256
#define BLOCKS 32

__global__ void dot_small_grid(const float* A, const float* B, float* result, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    float sum = 0.0f;
    for (int i = blockIdx.x * THREADS + tid; i < N; i += BLOCKS * THREADS) sum += A[i] * B[i];
    partial[tid] = sum;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(result, partial[0]);
}

extern "C" void solve(const float* A, const float* B, float* result, int N) {
    cudaMemset(result, 0, sizeof(float));
    dot_small_grid<<<BLOCKS, THREADS>>>(A, B, result, N);
    cudaDeviceSynchronize();
}
