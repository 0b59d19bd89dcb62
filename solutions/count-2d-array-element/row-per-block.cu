// One block per row: 256 threads stride along their row, one atomicAdd per block.
//
// The coalesced fix of row-per-thread.cu: block r owns row r, and its 256 threads walk the M
// columns together (thread t reads columns t, t + 256, ...), so a warp reads 32 consecutive
// entries at each step. Counts stay in registers, the warp adds them with __reduce_add_sync, the
// block through shared memory, and thread 0 adds the row's count into output[0] (zeroed first
// with cudaMemset). N blocks of M / 256 trips each: fine for wide matrices, but the loads are 4
// bytes wide and a narrow matrix leaves most threads of a block idle (M = 1: one thread of 256).
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__global__ void row_block_count(const int* input, int* output, int M, int K) {
    __shared__ int warp_counts[WARPS];
    const int* row = input + (size_t)blockIdx.x * M;
    int count = 0;
    for (int col = threadIdx.x; col < M; col += THREADS) count += (row[col] == K);
    count = __reduce_add_sync(0xffffffffu, count);
    if (threadIdx.x % 32 == 0) warp_counts[threadIdx.x / 32] = count;
    __syncthreads();
    if (threadIdx.x == 0) {
        int total = 0;
        for (int w = 0; w < WARPS; ++w) total += warp_counts[w];
        if (total != 0) atomicAdd(output, total);
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int K) {
    cudaMemset(output, 0, sizeof(int));
    row_block_count<<<N, THREADS>>>(input, output, M, K);
    cudaDeviceSynchronize();
}
