// One block does all the work: 1024 threads walk input[S..E] with a stride of 1024.
//
// Each thread adds every 1024th entry into a register (four loads per trip), a shared-memory tree
// adds the 1024 partial sums and thread 0 writes output[0] directly (no atomics, no memset). One
// block runs on one SM of the GPU's hundred-odd, and one SM cannot pull 395 MB through at
// anything near the memory bandwidth: the slowest rung by far.
#include <cuda_runtime.h>

#define THREADS 1024

__global__ void one_block_sum(const int* input, int* output, int S, int E) {
    __shared__ int partial[THREADS];
    const int tid = threadIdx.x;
    int sum = 0;
    int i = S + tid;
    for (; i + 3 * THREADS <= E; i += 4 * THREADS)
        sum += input[i] + input[i + THREADS] + input[i + 2 * THREADS] + input[i + 3 * THREADS];
    for (; i <= E; i += THREADS) sum += input[i];
    partial[tid] = sum;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) output[0] = partial[0];
}

extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    one_block_sum<<<1, THREADS>>>(input, output, S, E);
    cudaDeviceSynchronize();
}
