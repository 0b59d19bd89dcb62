// WRONG (WA): the running maximum starts at 0 instead of INT_MIN.
//
// Prefix sums by Hillis-Steele, then atomicMax of every block's best window into output[0],
// which was cleared with cudaMemset(0) first. When every window is negative the answer stays 0:
// example 2 (all windows below zero, the best is -7) gives 0.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

static int* buffers[2] = {nullptr, nullptr};
static size_t capacity = 0;

__global__ void hillis_steele_step(const int* src, int* dst, int n, int offset) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) dst[i] = src[i] + (i >= offset ? src[i - offset] : 0);
}

__global__ void window_max(const int* prefix, int* output, int N, int W) {
    __shared__ int warp_max[WARPS];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = -2147483647 - 1;
    if (i <= N - W) v = prefix[i + W - 1] - (i > 0 ? prefix[i - 1] : 0);
    v = __reduce_max_sync(0xffffffffu, v);
    if (threadIdx.x % 32 == 0) warp_max[threadIdx.x / 32] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        int m = warp_max[0];
        for (int w = 1; w < WARPS; ++w) m = max(m, warp_max[w]);
        atomicMax(output, m);
    }
}

extern "C" void solve(const int* input, int* output, int N, int window_size) {
    if (capacity < (size_t)N) {
        cudaFree(buffers[0]);
        cudaFree(buffers[1]);
        if (cudaMalloc(&buffers[0], (size_t)N * sizeof(int)) != cudaSuccess) return;
        if (cudaMalloc(&buffers[1], (size_t)N * sizeof(int)) != cudaSuccess) return;
        capacity = N;
    }
    const int blocks = (N + THREADS - 1) / THREADS;
    const int* src = input;
    int next = 0;
    for (int offset = 1; offset < N; offset *= 2) {
        hillis_steele_step<<<blocks, THREADS>>>(src, buffers[next], N, offset);
        src = buffers[next];
        next ^= 1;
    }
    cudaMemset(output, 0, sizeof(int));  // Bug: a maximum must start below every window sum.
    const int windows = N - window_size + 1;
    window_max<<<(windows + THREADS - 1) / THREADS, THREADS>>>(src, output, N, window_size);
    cudaDeviceSynchronize();
}
