// One block does all the work: 1024 threads, a grid-stride loop, a shared-memory tree.
//
// The simplest way around the "blocks cannot see each other" problem is to launch a single
// block: its 1024 threads each add up every 1024th element, then a tree in shared memory
// combines the 1024 partial sums and thread 0 writes output[0] (no atomics, no memset). The sum
// is accurate (1024 interleaved partial sums, then a tree), but one block runs on one SM of the
// GPU's hundred-odd and can keep only a few KB of loads in flight, so the 16 MB input streams in
// at a small fraction of the memory bandwidth: the slowest rung by far.
#include <cuda_runtime.h>

#define THREADS 1024

__global__ void one_block_sum(const float* input, float* output, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    float sum = 0.0f;
    for (int i = tid; i < N; i += THREADS) sum += input[i];
    partial[tid] = sum;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) output[0] = partial[0];
}

extern "C" void solve(const float* input, float* output, int N) {
    one_block_sum<<<1, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
