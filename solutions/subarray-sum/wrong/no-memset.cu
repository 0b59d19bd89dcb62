// WRONG (WA, reads the output before writing it): block sums are added into output[0] with
// atomicAdd, but output is never zeroed.
//
// output holds the judge's fill pattern on entry, so the result is the fill value plus the sum:
// wrong on the first example. With an output that starts at zero it would pass; the judge's
// report says so.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void tree_sum(const int* input, int* output, int S, int E) {
    __shared__ int partial[THREADS];
    const int tid = threadIdx.x;
    const int i = S + blockIdx.x * THREADS + tid;
    partial[tid] = (i <= E) ? input[i] : 0;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(output, partial[0]);
}

extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    // Bug: missing cudaMemset(output, 0, sizeof(int)).
    const int count = E - S + 1;
    const int blocks = (count + THREADS - 1) / THREADS;
    tree_sum<<<blocks, THREADS>>>(input, output, S, E);
    cudaDeviceSynchronize();
}
