// WRONG (a race): one kernel does everything. Each block adds its sum of squares to a global
// accumulator with atomicAdd and at once reads the accumulator back to normalize its own
// elements, but blocks cannot wait for each other: the early blocks read a sum that most blocks
// have not added to yet, so their outputs are too large. With one block (N <= 256) it happens to
// be right; with hundreds of blocks (normal-65537, ramp-100000) it is wrong.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256

__device__ float total_sum;

__global__ void clear_sum() { total_sum = 0.0f; }

__global__ void rms_norm(const float* input, float gamma, float beta, float* output, int N, float eps) {
    __shared__ float partial[THREADS];
    __shared__ float scale;
    const int tid = threadIdx.x;
    const int i = blockIdx.x * THREADS + tid;
    const float x = (i < N) ? input[i] : 0.0f;
    partial[tid] = x * x;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) {
        atomicAdd(&total_sum, partial[0]);
        // Bug: the other blocks may not have added their part yet.
        const float sum = atomicAdd(&total_sum, 0.0f);
        scale = gamma / sqrtf(sum / N + eps);
    }
    __syncthreads();
    if (i < N) output[i] = x * scale + beta;
}

extern "C" void solve(const float* input, float gamma, float beta, float* output, int N, float eps) {
    clear_sum<<<1, 1>>>();
    rms_norm<<<(N + THREADS - 1) / THREADS, THREADS>>>(input, gamma, beta, output, N, eps);
    cudaDeviceSynchronize();
}
