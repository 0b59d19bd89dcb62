// One block of 1024 threads per row, three passes (maximum, sum, outputs), shared-memory trees
// for the two reductions. Coalesced and parallel, but with 8,192 columns each thread has only
// eight elements per pass, the ten-step trees with a barrier at every step dominate, and only
// two such blocks fit on an SM at a time.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 1024

__global__ void row_softmax(const float* input, float* output, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    const float* x = input + (size_t)blockIdx.x * N;
    float* y = output + (size_t)blockIdx.x * N;

    float m = -INFINITY;
    for (int j = tid; j < N; j += THREADS) m = fmaxf(m, x[j]);
    partial[tid] = m;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] = fmaxf(partial[tid], partial[tid + stride]);
        __syncthreads();
    }
    m = partial[0];
    __syncthreads();  // everyone has read partial[0] before it is reused

    float s = 0.0f;
    for (int j = tid; j < N; j += THREADS) s += expf(x[j] - m);
    partial[tid] = s;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    const float inv_sum = 1.0f / partial[0];

    for (int j = tid; j < N; j += THREADS) y[j] = expf(x[j] - m) * inv_sum;
}

extern "C" void solve(const float* input, float* output, int M, int N) {
    row_softmax<<<M, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
