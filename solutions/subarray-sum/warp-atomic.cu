// One entry per thread, a warp sum, and one atomicAdd per warp into output[0].
//
// output[0] is zeroed with cudaMemset, then each thread loads one entry of input[S..E], the warp
// adds its 32 values with __reduce_add_sync and lane 0 adds the warp's total with atomicAdd.
// That is one atomic per 32 entries: about 3 million atomics on a single address at the
// performance size, and they queue up at the L2 slice that owns it.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void warp_atomic_sum(const int* input, int* output, int S, int E) {
    const int i = S + blockIdx.x * blockDim.x + threadIdx.x;
    int v = (i <= E) ? input[i] : 0;
    v = __reduce_add_sync(0xffffffffu, v);
    if (threadIdx.x % 32 == 0 && v != 0) atomicAdd(output, v);
}

extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    const int count = E - S + 1;
    const int blocks = (count + THREADS - 1) / THREADS;
    cudaMemset(output, 0, sizeof(int));
    warp_atomic_sum<<<blocks, THREADS>>>(input, output, S, E);
    cudaDeviceSynchronize();
}
