// WRONG: exp(x) / sum of exp(x) without subtracting the row maximum. Mathematically the same,
// but expf overflows to infinity above about 88.7 and inf / inf = NaN: example 2 (1000, 999).
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256

__global__ void row_softmax(const float* input, float* output, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    const float* x = input + (size_t)blockIdx.x * N;
    float* y = output + (size_t)blockIdx.x * N;

    float s = 0.0f;
    for (int j = tid; j < N; j += THREADS) s += expf(x[j]);  // Bug: no max subtraction.
    partial[tid] = s;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    const float sum = partial[0];
    for (int j = tid; j < N; j += THREADS) y[j] = expf(x[j]) / sum;
}

extern "C" void solve(const float* input, float* output, int M, int N) {
    row_softmax<<<M, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
