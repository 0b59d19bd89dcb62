// Strided-index tree, one product per thread, repeated passes until one value is left.
//
// As interleaved.cu, but the active threads are packed: at step s thread t adds element
// 2 s t + s into element 2 s t, so the working threads are the first ones of the block and whole
// warps retire (no modulo, less divergence). The price is shared-memory bank conflicts: the
// addresses of a warp are 2 s apart, so two lanes share a bank at s = 1, four at s = 2, and so
// on, and conflicting accesses are serialized. Block totals are summed again, pass after pass.
#include <cuda_runtime.h>

#define THREADS 256
#define SCRATCH_A ((100000000 + THREADS - 1) / THREADS)  // block totals of the first pass
#define SCRATCH_B ((SCRATCH_A + THREADS - 1) / THREADS)  // and of every later pass

__device__ float scratch_a[SCRATCH_A];
__device__ float scratch_b[SCRATCH_B];

// Sum of the block's 256 values in partial[]; the result is valid in thread 0.
__device__ float strided_tree(float* partial) {
    const int tid = threadIdx.x;
    __syncthreads();
    for (int s = 1; s < THREADS; s *= 2) {
        const int index = 2 * s * tid;
        if (index < THREADS) partial[index] += partial[index + s];
        __syncthreads();
    }
    return partial[0];
}

__global__ void dot_pass(const float* A, const float* B, float* out, int n) {
    __shared__ float partial[THREADS];
    const int i = blockIdx.x * THREADS + threadIdx.x;
    partial[threadIdx.x] = (i < n) ? A[i] * B[i] : 0.0f;
    const float total = strided_tree(partial);
    if (threadIdx.x == 0) out[blockIdx.x] = total;
}

__global__ void sum_pass(const float* in, float* out, int n) {
    __shared__ float partial[THREADS];
    const int i = blockIdx.x * THREADS + threadIdx.x;
    partial[threadIdx.x] = (i < n) ? in[i] : 0.0f;
    const float total = strided_tree(partial);
    if (threadIdx.x == 0) out[blockIdx.x] = total;
}

extern "C" void solve(const float* A, const float* B, float* result, int N) {
    static float* buffers[2] = {nullptr, nullptr};
    if (buffers[0] == nullptr) {
        cudaGetSymbolAddress(reinterpret_cast<void**>(&buffers[0]), scratch_a);
        cudaGetSymbolAddress(reinterpret_cast<void**>(&buffers[1]), scratch_b);
    }
    int blocks = (N + THREADS - 1) / THREADS;
    float* dst = (blocks == 1) ? result : buffers[0];
    dot_pass<<<blocks, THREADS>>>(A, B, dst, N);
    // Pass p writes buffers[p % 2]; every pass after the first has at most SCRATCH_B outputs, so
    // the two arrays can alternate. A pass never writes the array it reads.
    for (int pass = 1; blocks > 1; ++pass) {
        const float* src = dst;
        const int n = blocks;
        blocks = (n + THREADS - 1) / THREADS;
        dst = (blocks == 1) ? result : buffers[pass % 2];
        sum_pass<<<blocks, THREADS>>>(src, dst, n);
    }
    cudaDeviceSynchronize();
}
