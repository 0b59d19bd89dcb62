// One block of 256 threads per row, the row staged once in a fixed 16 KB shared array, and eps
// written as the constant 1e-5f: the statement fixes C <= 4096 and eps = 1e-5, and this file
// relies on both. Right for every input the statement allows. Earlier tests went past it (rows
// of 16,384 values, which overrun the shared array, and eps = 0.1) and judged this file wrong.
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_C 4096

// The sum of v over the block; every thread gets it.
__device__ float block_sum(float v, float* partial) {
    partial[threadIdx.x] = v;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    const float total = partial[0];
    __syncthreads();  // everyone has read partial[0] before the next sum overwrites it
    return total;
}

__global__ void layer_norm_shared_row(const float* input, const float* weight, const float* bias, float* output,
                                      int C) {
    __shared__ float row[MAX_C];
    __shared__ float partial[THREADS];
    const float* x = input + (size_t)blockIdx.x * C;
    float* y = output + (size_t)blockIdx.x * C;
    float s = 0.0f;
    for (int c = threadIdx.x; c < C; c += THREADS) {
        row[c] = x[c];
        s += row[c];
    }
    const float mean = block_sum(s, partial) / C;
    float q = 0.0f;
    for (int c = threadIdx.x; c < C; c += THREADS) {
        const float d = row[c] - mean;
        q += d * d;
    }
    const float rstd = rsqrtf(block_sum(q, partial) / C + 1e-5f);
    for (int c = threadIdx.x; c < C; c += THREADS) y[c] = (row[c] - mean) * rstd * weight[c] + bias[c];
}

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int N, int C,
                      float eps) {
    (void)eps;  // the statement fixes eps = 1e-5
    layer_norm_shared_row<<<N, THREADS>>>(input, weight, bias, output, C);
    cudaDeviceSynchronize();
}
