// One thread per row: each thread loops over the M entries of its row.
//
// The "one worker per row" habit from CPU code: N threads (blocks of 256), and thread r counts
// row r in a register, then one atomicAdd per warp-sum goes into output[0] (zeroed first with
// cudaMemset). At any moment the 32 threads of a warp read 32 different rows, M entries apart:
// 32 cache lines per load instruction instead of one (uncoalesced), kept in L1 only until the
// warp has used them. And only N threads exist (10,000 at the performance size, a few per SM),
// each making M dependent trips, so the GPU is mostly waiting on memory latency.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void row_count(const int* input, int* output, int N, int M, int K) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    int count = 0;
    if (row < N) {
        const int* p = input + (size_t)row * M;
        for (int col = 0; col < M; ++col) count += (p[col] == K);
    }
    count = __reduce_add_sync(0xffffffffu, count);
    if (threadIdx.x % 32 == 0 && count != 0) atomicAdd(output, count);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K) {
    cudaMemset(output, 0, sizeof(int));
    const int blocks = (N + THREADS - 1) / THREADS;
    row_count<<<blocks, THREADS>>>(input, output, N, M, K);
    cudaDeviceSynchronize();
}
