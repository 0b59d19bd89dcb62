// One entry per thread, atomicAdd on a shared-memory total, one global atomicAdd per block.
//
// Blocks of 1024 threads: every thread adds its entry of input[S..E] into the block's shared
// total with atomicAdd, and thread 0 adds the block's total into output[0] (zeroed first with
// cudaMemset). Global atomics drop to one per 1024 entries, but the shared ones stay: the 32
// lanes of a warp hit the same shared address with different values and are served one by one.
#include <cuda_runtime.h>

#define THREADS 1024

__global__ void shared_atomic_sum(const int* input, int* output, int S, int E) {
    __shared__ int block_total;
    if (threadIdx.x == 0) block_total = 0;
    __syncthreads();
    const int i = S + blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= E) atomicAdd(&block_total, input[i]);
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(output, block_total);
}

extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    const int count = E - S + 1;
    const int blocks = (count + THREADS - 1) / THREADS;
    cudaMemset(output, 0, sizeof(int));
    shared_atomic_sum<<<blocks, THREADS>>>(input, output, S, E);
    cudaDeviceSynchronize();
}
