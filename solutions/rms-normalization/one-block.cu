// One block does everything: 1024 threads sum the squares with a block-stride loop, a
// shared-memory tree combines their 1024 partial sums, and the same threads then write every
// output. One launch and no cross-block machinery, but a single SM of the GPU's hundred-odd
// streams all 300 MB (the input is read twice): the slowest rung by far.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 1024

__global__ void rms_norm_one_block(const float* input, float gamma, float beta, float* output, int N,
                                   float eps) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;

    float s = 0.0f;
    for (int i = tid; i < N; i += THREADS) s += input[i] * input[i];
    partial[tid] = s;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    const float scale = gamma / sqrtf(partial[0] / N + eps);

    for (int i = tid; i < N; i += THREADS) output[i] = input[i] * scale + beta;
}

extern "C" void solve(const float* input, float gamma, float beta, float* output, int N, float eps) {
    rms_norm_one_block<<<1, THREADS>>>(input, gamma, beta, output, N, eps);
    cudaDeviceSynchronize();
}
