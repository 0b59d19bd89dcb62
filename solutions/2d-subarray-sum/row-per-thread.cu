// One thread per row of the subarray: each thread loops over its row's columns.
//
// The "one worker per row" habit from CPU code: thread r adds up row S_ROW + r in a register,
// the warp adds its 32 row sums with __reduce_add_sync and lane 0 does one atomicAdd into
// output[0] (zeroed first with cudaMemset). At any moment the 32 lanes of a warp read 32
// different rows, M entries apart: 32 cache lines per load instruction instead of one. And only
// one thread per row exists (10,000 at the performance size, a few warps per SM), each making
// 10,000 trips, so the GPU mostly waits on memory latency.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void row_per_thread(const int* input, int* output, int M, int S_ROW, int E_ROW, int S_COL,
                               int E_COL) {
    const int row = S_ROW + blockIdx.x * blockDim.x + threadIdx.x;
    int sum = 0;
    if (row <= E_ROW) {
        const int* p = input + (size_t)row * M;
        for (int col = S_COL; col <= E_COL; ++col) sum += p[col];
    }
    sum = __reduce_add_sync(0xffffffffu, sum);
    if (threadIdx.x % 32 == 0 && sum != 0) atomicAdd(output, sum);
}

extern "C" void solve(const int* input, int* output, int N, int M, int S_ROW, int E_ROW, int S_COL, int E_COL) {
    const int height = E_ROW - S_ROW + 1;
    const int blocks = (height + THREADS - 1) / THREADS;
    cudaMemset(output, 0, sizeof(int));
    row_per_thread<<<blocks, THREADS>>>(input, output, M, S_ROW, E_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
