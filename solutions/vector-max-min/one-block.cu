// One block does all the work: 1024 threads, a grid-stride loop, shared-memory trees.
//
// A single block needs no atomics and no starting values in result: its threads each scan every
// 1024th element keeping a running maximum and minimum, two trees in shared memory combine the
// 1024 pairs, and thread 0 writes both. But one block runs on one SM of the GPU's hundred-odd, so
// the 200 MB of input stream in at a small fraction of the memory bandwidth.
#include <cuda_runtime.h>

#define THREADS 1024

__global__ void max_min_one_block(const float* input, float* result, int N) {
    __shared__ float block_max[THREADS];
    __shared__ float block_min[THREADS];
    const int tid = threadIdx.x;
    float hi = -INFINITY, lo = INFINITY;
    for (int i = tid; i < N; i += THREADS) {
        const float v = input[i];
        hi = fmaxf(hi, v);
        lo = fminf(lo, v);
    }
    block_max[tid] = hi;
    block_min[tid] = lo;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) {
            block_max[tid] = fmaxf(block_max[tid], block_max[tid + stride]);
            block_min[tid] = fminf(block_min[tid], block_min[tid + stride]);
        }
        __syncthreads();
    }
    if (tid == 0) {
        result[0] = block_max[0];
        result[1] = block_min[0];
    }
}

extern "C" void solve(const float* input, float* result, int N) {
    max_min_one_block<<<1, THREADS>>>(input, result, N);
    cudaDeviceSynchronize();
}
