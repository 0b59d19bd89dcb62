// Sequential-addressing trees with the first comparison done while loading: two elements per
// thread, repeated passes until one pair is left.
//
// Each block of 256 threads covers 512 elements: thread t loads elements t and t + 256 of the
// block's range and keeps their maximum and minimum, and the trees halve with contiguous active
// threads (thread t combines element t + stride): no divergence inside a warp until the last five
// steps. Half the blocks of interleaved.cu and two loads in flight per thread, but still one
// block per 512 elements and a pass over the block results after each pass.
#include <cuda_runtime.h>

#define THREADS 256
#define PER_BLOCK (2 * THREADS)
#define SCRATCH_A ((100000000 + PER_BLOCK - 1) / PER_BLOCK)  // block results of the first pass
#define SCRATCH_B ((SCRATCH_A + PER_BLOCK - 1) / PER_BLOCK)  // and of every later pass

__device__ float max_a[SCRATCH_A];
__device__ float min_a[SCRATCH_A];
__device__ float max_b[SCRATCH_B];
__device__ float min_b[SCRATCH_B];

// Block b writes the maximum of in_max[b*512 .. b*512+511] to out_max[b], and the minimum of the
// same range of in_min to out_min[b]. The first pass reads the input through both pointers.
__global__ void max_min_pass(const float* in_max, const float* in_min, float* out_max, float* out_min, int n) {
    __shared__ float block_max[THREADS];
    __shared__ float block_min[THREADS];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * PER_BLOCK + tid;
    float hi = (i < n) ? in_max[i] : -INFINITY;
    float lo = (i < n) ? in_min[i] : INFINITY;
    if (i + THREADS < n) {
        hi = fmaxf(hi, in_max[i + THREADS]);
        lo = fminf(lo, in_min[i + THREADS]);
    }
    block_max[tid] = hi;
    block_min[tid] = lo;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) {
            block_max[tid] = fmaxf(block_max[tid], block_max[tid + stride]);
            block_min[tid] = fminf(block_min[tid], block_min[tid + stride]);
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
        const int blocks = (n + PER_BLOCK - 1) / PER_BLOCK;
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
