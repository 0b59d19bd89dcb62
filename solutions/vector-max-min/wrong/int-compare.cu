// WRONG: starts result at -inf and +inf, but folds the block results in with atomicMax and
// atomicMin on the float bits read as signed ints for every value. That orders non-negative
// floats correctly, but negative floats in reverse (-511.5 has a larger int than -255.5). Right
// with a single block; with several, the minimum of ascending-1023 comes out as -255.5 instead
// of -511.5, and the maximum of all-negative data stays -inf.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define MAX_BLOCKS 1024

__global__ void init_result(float* result) {
    result[0] = -INFINITY;
    result[1] = INFINITY;
}

__global__ void max_min_int_bits(const float* input, float* result, int N) {
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
        // Bug: signed-int order of the bits is the float order only for non-negative floats.
        atomicMax(reinterpret_cast<int*>(&result[0]), __float_as_int(hi));
        atomicMin(reinterpret_cast<int*>(&result[1]), __float_as_int(lo));
    }
}

extern "C" void solve(const float* input, float* result, int N) {
    init_result<<<1, 1>>>(result);
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > MAX_BLOCKS) blocks = MAX_BLOCKS;
    max_min_int_bits<<<blocks, THREADS>>>(input, result, N);
    cudaDeviceSynchronize();
}
