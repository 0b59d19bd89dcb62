// WRONG (WA): the last window is never looked at.
//
// Prefix sums by Hillis-Steele, then the maximum over the windows i < N - W, with atomicMax into
// output[0] (set to INT_MIN first). There are N - W + 1 windows, i = 0 .. N - W: with
// window_size = N (example 3) none is left and output[0] stays INT_MIN, and whenever the last
// window is the only best one (last-window) the answer is too small.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define LOWEST (-2147483647 - 1)  // INT_MIN

static int* buffers[2] = {nullptr, nullptr};
static size_t capacity = 0;

__global__ void hillis_steele_step(const int* src, int* dst, int n, int offset) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) dst[i] = src[i] + (i >= offset ? src[i - offset] : 0);
}

__global__ void set_lowest(int* output) { output[0] = LOWEST; }

__global__ void window_max(const int* prefix, int* output, int N, int W) {
    __shared__ int warp_max[WARPS];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = LOWEST;
    if (i < N - W) v = prefix[i + W - 1] - (i > 0 ? prefix[i - 1] : 0);  // Bug: i = N - W is a window too.
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
    const int windows = N - window_size + 1;
    set_lowest<<<1, 1>>>(output);
    window_max<<<(windows + THREADS - 1) / THREADS, THREADS>>>(src, output, N, window_size);
    cudaDeviceSynchronize();
}
