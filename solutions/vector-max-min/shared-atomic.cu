// Atomics per element: every element goes through atomicMax and atomicMin on a shared-memory
// pair of its block, then one global pair of atomics per block into result.
//
// There are no float atomicMax/atomicMin, so both work on the float's bits: a float with its
// sign bit clear orders like its bits read as a signed int, a negative one in reverse as an
// unsigned int, and the helpers pick the integer atomic by the sign. A one-thread kernel first
// writes -inf and +inf into result. Short and exact, but the 256 threads of a block all hit the
// same two shared addresses, so their atomics are serialized: the SMs wait on each other.
#include <cuda_runtime.h>

#define THREADS 256
#define BLOCKS 4096

// *address = max(*address, v) for floats, with integer atomics on the bits.
__device__ void atomic_max_float(float* address, float v) {
    if (__float_as_int(v) >= 0)
        atomicMax(reinterpret_cast<int*>(address), __float_as_int(v));
    else
        atomicMin(reinterpret_cast<unsigned int*>(address), __float_as_uint(v));
}

// *address = min(*address, v) for floats, with integer atomics on the bits.
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

__global__ void max_min_shared_atomic(const float* input, float* result, int N) {
    __shared__ float block_max, block_min;
    if (threadIdx.x == 0) {
        block_max = -INFINITY;
        block_min = INFINITY;
    }
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) {
        const float v = input[i];
        atomic_max_float(&block_max, v);
        atomic_min_float(&block_min, v);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        atomic_max_float(&result[0], block_max);
        atomic_min_float(&result[1], block_min);
    }
}

extern "C" void solve(const float* input, float* result, int N) {
    init_result<<<1, 1>>>(result);
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > BLOCKS) blocks = BLOCKS;
    max_min_shared_atomic<<<blocks, THREADS>>>(input, result, N);
    cudaDeviceSynchronize();
}
