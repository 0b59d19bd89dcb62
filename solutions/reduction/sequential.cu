// Sequential-addressing tree, one element per thread, repeated passes until one value is left.
//
// The fix for interleaved.cu's divergence: at each step the first `stride` threads add element
// t + stride to element t (stride = 128, 64, ..., 1), so the active threads are contiguous, whole
// warps retire together and no modulo is needed. The rest is unchanged: 256 elements per block,
// block totals in a scratch array, the same kernel again on that array until a single block
// writes output[0]. Still one element per thread, so the first pass is 16,384 blocks that each
// wait on one load and then run 8 barrier steps; first-add.cu halves the block count.
#include <cuda_runtime.h>

#define THREADS 256
#define SCRATCH_A ((100000000 + THREADS - 1) / THREADS)  // block totals of the first pass
#define SCRATCH_B ((SCRATCH_A + THREADS - 1) / THREADS)  // and of every later pass

__device__ float scratch_a[SCRATCH_A];
__device__ float scratch_b[SCRATCH_B];

__global__ void sequential_sum(const float* in, float* out, int n) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * THREADS + tid;
    partial[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = partial[0];
}

extern "C" void solve(const float* input, float* output, int N) {
    static float* buffers[2] = {nullptr, nullptr};
    if (buffers[0] == nullptr) {
        cudaGetSymbolAddress(reinterpret_cast<void**>(&buffers[0]), scratch_a);
        cudaGetSymbolAddress(reinterpret_cast<void**>(&buffers[1]), scratch_b);
    }
    // Pass p writes buffers[p % 2]; every pass after the first has at most SCRATCH_B outputs, so
    // the two arrays can alternate. A pass never writes the array it reads.
    const float* src = input;
    int n = N;
    for (int pass = 0;; ++pass) {
        const int blocks = (n + THREADS - 1) / THREADS;
        float* dst = (blocks == 1) ? output : buffers[pass % 2];
        sequential_sum<<<blocks, THREADS>>>(src, dst, n);
        if (blocks == 1) break;
        src = dst;
        n = blocks;
    }
    cudaDeviceSynchronize();
}
