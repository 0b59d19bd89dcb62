// Accepted on LeetGPU, kept as a test: one 256-thread block per channel copies its whole column
// into a fixed 40 KB shared array (room for 10,000 rows, the statement's largest N), then takes
// the mean and the biased variance from shared memory with float tree reductions and writes the
// outputs. Right for every size the statement allows; a test with N = 100,000 rows (as this
// challenge once had) overflows the array.
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_N 10000

__device__ float block_sum(float v, float* scratch) {
    scratch[threadIdx.x] = v;
    __syncthreads();
    for (int s = THREADS / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) scratch[threadIdx.x] += scratch[threadIdx.x + s];
        __syncthreads();
    }
    const float total = scratch[0];
    __syncthreads();
    return total;
}

__global__ void batch_norm_column(const float* input, const float* gamma, const float* beta, float* output, int N,
                                  int C, float eps) {
    __shared__ float column[MAX_N];
    __shared__ float scratch[THREADS];
    const int c = blockIdx.x;

    float sum = 0.0f;
    for (int n = threadIdx.x; n < N; n += THREADS) {
        const float x = input[n * C + c];
        column[n] = x;
        sum += x;
    }
    const float mean = block_sum(sum, scratch) / N;

    float squares = 0.0f;
    for (int n = threadIdx.x; n < N; n += THREADS) {
        const float d = column[n] - mean;
        squares += d * d;
    }
    const float var = block_sum(squares, scratch) / N;

    const float g = gamma[c], b = beta[c];
    const float std_dev = sqrtf(var + eps);
    for (int n = threadIdx.x; n < N; n += THREADS) output[n * C + c] = g * ((column[n] - mean) / std_dev) + b;
}

extern "C" void solve(const float* input, const float* gamma, const float* beta, float* output, int N, int C,
                      float eps) {
    batch_norm_column<<<C, THREADS>>>(input, gamma, beta, output, N, C, eps);
    cudaDeviceSynchronize();
}
