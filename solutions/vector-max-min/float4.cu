// Vectorized loads: float4 reads of the input, warp shuffles, one pair of atomics per block.
//
// As shuffle.cu, but each loop iteration reads four elements with one 16-byte load instead of
// four 4-byte ones: a quarter of the load instructions and of the loop overhead, and four times
// the bytes in flight per thread, which is what keeps the memory system saturated. The buffers
// start on 256-byte boundaries, so the input can be read as float4 directly; the last N % 4
// elements are handled one at a time by the first threads of the grid.
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

__global__ void max_min_float4(const float* input, float* result, int N) {
    __shared__ float warp_max[WARPS];
    __shared__ float warp_min[WARPS];
    const float4* in4 = reinterpret_cast<const float4*>(input);
    const int n4 = N / 4;
    const int gid = blockIdx.x * THREADS + threadIdx.x;

    float hi = -INFINITY, lo = INFINITY;
    for (int i = gid; i < n4; i += gridDim.x * THREADS) {
        const float4 v = in4[i];
        hi = fmaxf(hi, fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)));
        lo = fminf(lo, fminf(fminf(v.x, v.y), fminf(v.z, v.w)));
    }
    const int tail = 4 * n4 + gid;  // the last N % 4 elements
    if (tail < N) {
        hi = fmaxf(hi, input[tail]);
        lo = fminf(lo, input[tail]);
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
    int blocks = (N / 4 + THREADS - 1) / THREADS;
    if (blocks < 1) blocks = 1;  // N < 4: one block still handles the tail
    if (blocks > max_blocks) blocks = max_blocks;
    init_result<<<1, 1>>>(result);
    max_min_float4<<<blocks, THREADS>>>(input, result, N);
    cudaDeviceSynchronize();
}
