// WRONG (WA): treats E as one past the end, so input[E] is never added.
//
// The statement includes both ends; this kernel bounds the range with i < E, the half-open
// habit. Every entry is at least 1, so the answer is always short by input[E]: example 1 gives
// 4 + 1 = 5 instead of 10.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void exclusive_sum(const int* input, int* output, int S, int E) {
    const int i = S + blockIdx.x * blockDim.x + threadIdx.x;
    int v = (i < E) ? input[i] : 0;  // Bug: must be i <= E.
    v = __reduce_add_sync(0xffffffffu, v);
    if (threadIdx.x % 32 == 0 && v != 0) atomicAdd(output, v);
}

extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    const int count = E - S + 1;
    const int blocks = (count + THREADS - 1) / THREADS;
    cudaMemset(output, 0, sizeof(int));
    exclusive_sum<<<blocks, THREADS>>>(input, output, S, E);
    cudaDeviceSynchronize();
}
