// A small fixed grid: 32 blocks of 256 threads, a grid-stride loop, one pair of atomics per
// block.
//
// Each thread scans every 8192nd element, the block combines its 256 pairs with shared-memory
// trees, and thread 0 folds the block's maximum and minimum into result with integer atomics on
// the float bits (after a one-thread kernel has written -inf and +inf there). Correct for any N,
// but 32 blocks occupy only 32 SMs, each with a quarter of its threads, so too few loads are in
// flight to keep the memory busy.
#include <cuda_runtime.h>

#define THREADS 256
#define BLOCKS 32

// *address = max(*address, v) for floats, with integer atomics on the bits: non-negative floats
// order like their bits as signed ints, negative floats in reverse as unsigned ints.
__device__ void atomic_max_float(float* address, float v) {
    if (__float_as_int(v) >= 0)
        atomicMax(reinterpret_cast<int*>(address), __float_as_int(v));
    else
        atomicMin(reinterpret_cast<unsigned int*>(address), __float_as_uint(v));
}

// *address = min(*address, v) for floats, the same way.
__device__ void atomic_min_float(float* address, float v) {
    if (__float_as_int(v) >= 0)
        atomicMin(reinterpret_cast<int*>(address), __float_as_int(v));
    else
        atomicMax(reinterpret_cast<unsigned int*>(address), __float_as_uint(v));
}

__global__ void init_result(float* result) {
    result[0] = -INFINITY;
    result[1] = INFINITY;
}

__global__ void max_min_small_grid(const float* input, float* result, int N) {
    __shared__ float block_max[THREADS];
    __shared__ float block_min[THREADS];
    const int tid = threadIdx.x;
    float hi = -INFINITY, lo = INFINITY;
    for (int i = blockIdx.x * THREADS + tid; i < N; i += BLOCKS * THREADS) {
        const float v = input[i];
        hi = fmaxf(hi, v);
        lo = fminf(lo, v);
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
        atomic_max_float(&result[0], block_max[0]);
        atomic_min_float(&result[1], block_min[0]);
    }
}

extern "C" void solve(const float* input, float* result, int N) {
    init_result<<<1, 1>>>(result);
    max_min_small_grid<<<BLOCKS, THREADS>>>(input, result, N);
    cudaDeviceSynchronize();
}
