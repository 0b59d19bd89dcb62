// Interleaved tree with strided indexing, one element per thread, repeated passes.
//
// The second textbook step after interleaved.cu: at step s, thread t adds element 2 s t + s into
// element 2 s t, so the active threads are the first ones (no modulo, whole warps idle instead
// of most lanes of every warp). But a warp's addresses are 2 s words apart, so its lanes share
// shared-memory banks: 2-way conflicts at the first step, 4-way at the second, and so on, each
// serializing the accesses. The passes work as before: 256 elements per block, block totals in
// a scratch array, the kernel again on that array until a single block writes output[0].
// sequential.cu removes the conflicts.
#include <cuda_runtime.h>

#define THREADS 256
#define SCRATCH_A ((100000000 + THREADS - 1) / THREADS)  // block totals of the first pass
#define SCRATCH_B ((SCRATCH_A + THREADS - 1) / THREADS)  // and of every later pass

__device__ float scratch_a[SCRATCH_A];
__device__ float scratch_b[SCRATCH_B];

__global__ void strided_sum(const float* in, float* out, int n) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * THREADS + tid;
    partial[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (int s = 1; s < THREADS; s *= 2) {
        const int index = 2 * s * tid;
        if (index < THREADS) partial[index] += partial[index + s];
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
        strided_sum<<<blocks, THREADS>>>(src, dst, n);
        if (blocks == 1) break;
        src = dst;
        n = blocks;
    }
    cudaDeviceSynchronize();
}
