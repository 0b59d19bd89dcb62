// WRONG: folds every block's maximum and minimum into result with atomics on the float bits,
// but never gives result its starting values (-inf and +inf). result holds the judge's marker, a
// NaN (bits 0xFFA5A5A5) that the minimum's atomics never replace: as a signed int it is below
// every non-negative float, as an unsigned int above every negative one. With result zeroed
// beforehand (as LeetGPU's harness happens to do) it passes whenever the data has both signs,
// which is what the judge's diagnosis says.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define MAX_BLOCKS 1024

__device__ void atomic_max_float(float* address, float v) {
    if (__float_as_int(v) >= 0)
        atomicMax(reinterpret_cast<int*>(address), __float_as_int(v));
    else
        atomicMin(reinterpret_cast<unsigned int*>(address), __float_as_uint(v));
}

__device__ void atomic_min_float(float* address, float v) {
    if (__float_as_int(v) >= 0)
        atomicMin(reinterpret_cast<int*>(address), __float_as_int(v));
    else
        atomicMax(reinterpret_cast<unsigned int*>(address), __float_as_uint(v));
}

__global__ void max_min_atomic(const float* input, float* result, int N) {
    __shared__ float warp_max[WARPS];
    __shared__ float warp_min[WARPS];
    float hi = -INFINITY, lo = INFINITY;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < N; i += gridDim.x * THREADS) {
        hi = fmaxf(hi, input[i]);
        lo = fminf(lo, input[i]);
    }
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (int offset = 16; offset > 0; offset /= 2) {
        hi = fmaxf(hi, __shfl_down_sync(0xffffffffu, hi, offset));
        lo = fminf(lo, __shfl_down_sync(0xffffffffu, lo, offset));
    }
    if (lane == 0) {
        warp_max[warp] = hi;
        warp_min[warp] = lo;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        for (int w = 1; w < WARPS; ++w) {
            hi = fmaxf(hi, warp_max[w]);
            lo = fminf(lo, warp_min[w]);
        }
        atomic_max_float(&result[0], hi);
        atomic_min_float(&result[1], lo);
    }
}

extern "C" void solve(const float* input, float* result, int N) {
    // Bug: result is never set to {-INFINITY, INFINITY} before the atomics.
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    max_min_atomic<<<blocks, THREADS>>>(input, result, N);
    cudaDeviceSynchronize();
}
