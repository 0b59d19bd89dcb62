// Interleaved trees, one element per thread, repeated passes until one pair is left.
//
// The textbook first version, twice: each block of 256 threads puts 256 elements in two shared
// arrays and halves both with a tree in which thread t works at step s only if t % (2 s) == 0.
// Block maxima and minima go to scratch arrays and the same kernel runs on them (N -> N/256 ->
// N/65536 -> ...) until a single block writes result[0] and result[1]: no atomics, no starting
// values. The modulo test leaves most lanes of each warp idle at every step, and ~200,000 blocks
// each pay 8 barrier steps for 256 elements.
#include <cuda_runtime.h>

#define THREADS 256
#define SCRATCH_A ((100000000 + THREADS - 1) / THREADS)  // block results of the first pass
#define SCRATCH_B ((SCRATCH_A + THREADS - 1) / THREADS)  // and of every later pass

__device__ float max_a[SCRATCH_A];
__device__ float min_a[SCRATCH_A];
__device__ float max_b[SCRATCH_B];
__device__ float min_b[SCRATCH_B];

// Block b writes the maximum of in_max[b*256 .. b*256+255] to out_max[b], and the minimum of the
// same range of in_min to out_min[b]. The first pass reads the input through both pointers.
__global__ void max_min_pass(const float* in_max, const float* in_min, float* out_max, float* out_min, int n) {
    __shared__ float block_max[THREADS];
    __shared__ float block_min[THREADS];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * THREADS + tid;
    block_max[tid] = (i < n) ? in_max[i] : -INFINITY;
    block_min[tid] = (i < n) ? in_min[i] : INFINITY;
    __syncthreads();
    for (int s = 1; s < THREADS; s *= 2) {
        if (tid % (2 * s) == 0) {
            block_max[tid] = fmaxf(block_max[tid], block_max[tid + s]);
            block_min[tid] = fminf(block_min[tid], block_min[tid + s]);
        }
        __syncthreads();
    }
    if (tid == 0) {
        out_max[blockIdx.x] = block_max[0];
        out_min[blockIdx.x] = block_min[0];
    }
}

extern "C" void solve(const float* input, float* result, int N) {
    static float* maxima[2] = {nullptr, nullptr};
    static float* minima[2] = {nullptr, nullptr};
    if (maxima[0] == nullptr) {
        cudaGetSymbolAddress(reinterpret_cast<void**>(&maxima[0]), max_a);
        cudaGetSymbolAddress(reinterpret_cast<void**>(&minima[0]), min_a);
        cudaGetSymbolAddress(reinterpret_cast<void**>(&maxima[1]), max_b);
        cudaGetSymbolAddress(reinterpret_cast<void**>(&minima[1]), min_b);
    }
    // Pass p writes the arrays p % 2; every pass after the first has at most SCRATCH_B outputs,
    // so the two sets can alternate. A pass never writes the arrays it reads.
    const float* src_max = input;
    const float* src_min = input;
    int n = N;
    for (int pass = 0;; ++pass) {
        const int blocks = (n + THREADS - 1) / THREADS;
        float* dst_max = (blocks == 1) ? result : maxima[pass % 2];
        float* dst_min = (blocks == 1) ? result + 1 : minima[pass % 2];
        max_min_pass<<<blocks, THREADS>>>(src_max, src_min, dst_max, dst_min, n);
        if (blocks == 1) break;
        src_max = dst_max;
        src_min = dst_min;
        n = blocks;
    }
    cudaDeviceSynchronize();
}
