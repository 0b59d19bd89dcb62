// One pass with warp shuffles: a grid-stride loop, shuffles inside each warp, one pair of
// atomics per block.
//
// The grid fills every SM (8 blocks of 256 threads per SM) and each thread keeps its running
// maximum and minimum in registers. A block then combines its 256 pairs with __shfl_down_sync
// inside each warp (registers only, no barrier), one shared slot per warp, and a final shuffle in
// warp 0: one __syncthreads() instead of eight. Thread 0 folds the block's pair into result with
// integer atomics on the float bits, after a one-thread kernel has written -inf and +inf there.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

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

__device__ __forceinline__ void warp_max_min(float& hi, float& lo) {
    for (int offset = 16; offset > 0; offset /= 2) {
        hi = fmaxf(hi, __shfl_down_sync(0xffffffffu, hi, offset));
        lo = fminf(lo, __shfl_down_sync(0xffffffffu, lo, offset));
    }
}

__global__ void init_result(float* result) {
    result[0] = -INFINITY;
    result[1] = INFINITY;
}

__global__ void max_min_shuffle(const float* input, float* result, int N) {
    __shared__ float warp_max[WARPS];
    __shared__ float warp_min[WARPS];
    float hi = -INFINITY, lo = INFINITY;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < N; i += gridDim.x * THREADS) {
        const float v = input[i];
        hi = fmaxf(hi, v);
        lo = fminf(lo, v);
    }

    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    warp_max_min(hi, lo);
    if (lane == 0) {
        warp_max[warp] = hi;
        warp_min[warp] = lo;
    }
    __syncthreads();
    if (warp == 0) {
        hi = (lane < WARPS) ? warp_max[lane] : -INFINITY;
        lo = (lane < WARPS) ? warp_min[lane] : INFINITY;
        warp_max_min(hi, lo);
        if (lane == 0) {
            atomic_max_float(&result[0], hi);
            atomic_min_float(&result[1], lo);
        }
    }
}

extern "C" void solve(const float* input, float* result, int N) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sm_count = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sm_count * (2048 / THREADS);
    }
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > max_blocks) blocks = max_blocks;
    init_result<<<1, 1>>>(result);
    max_min_shuffle<<<blocks, THREADS>>>(input, result, N);
    cudaDeviceSynchronize();
}
