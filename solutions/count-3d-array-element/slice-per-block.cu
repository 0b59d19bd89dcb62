// One block per depth: 1024 threads stride over the M * K entries of their slice, one atomicAdd
// per block.
//
// A depth slice is one contiguous stretch of M * K integers, so block d walks
// input[d * M * K ..] with a stride of 1024 (coalesced, four loads per trip), keeps its counts in
// registers, adds them per warp with __reduce_add_sync and per block through shared memory, and
// thread 0 adds the slice's count into output[0] (zeroed first with cudaMemset). Only N blocks
// (500 at the performance size, under four per SM): the last wave leaves SMs idle, and a thin
// array (N = 1) runs on one SM.
#include <cuda_runtime.h>

#define THREADS 1024
#define WARPS (THREADS / 32)

__global__ void slice_count(const int* input, int* output, int slice, int P) {
    __shared__ int warp_counts[WARPS];
    const int* p = input + (size_t)blockIdx.x * slice;
    int count = 0;
    int i = threadIdx.x;
    for (; i + 3 * THREADS < slice; i += 4 * THREADS)
        count += (p[i] == P) + (p[i + THREADS] == P) + (p[i + 2 * THREADS] == P) + (p[i + 3 * THREADS] == P);
    for (; i < slice; i += THREADS) count += (p[i] == P);
    count = __reduce_add_sync(0xffffffffu, count);
    if (threadIdx.x % 32 == 0) warp_counts[threadIdx.x / 32] = count;
    __syncthreads();
    if (threadIdx.x < 32) {
        count = __reduce_add_sync(0xffffffffu, warp_counts[threadIdx.x]);
        if (threadIdx.x == 0 && count != 0) atomicAdd(output, count);
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int P) {
    cudaMemset(output, 0, sizeof(int));
    slice_count<<<N, THREADS>>>(input, output, M * K, P);
    cudaDeviceSynchronize();
}
