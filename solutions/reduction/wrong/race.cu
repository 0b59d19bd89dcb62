// WRONG: blocks combine their partial sums with a plain read-modify-write, `*output += s`.
// Correct while there is one block (the small tests pass), but with thousands of blocks many
// of them read the same old value and overwrite each other's additions, so partial sums are
// lost: wrong answer on the "many-blocks" test.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void racy_sum_kernel(const float* input, float* output, int N) {
    __shared__ float partial[THREADS];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    partial[tid] = (i < N) ? input[i] : 0.0f;
    __syncthreads();

    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) *output += partial[0];  // Bug: not atomic across blocks.
}

extern "C" void solve(const float* input, float* output, int N) {
    cudaMemset(output, 0, sizeof(float));
    int blocks = (N + THREADS - 1) / THREADS;
    racy_sum_kernel<<<blocks, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
