// One block per row of the subarray: 256 threads stride along the row, one atomicAdd per block.
//
// The coalesced fix of row-per-thread.cu: block r owns row S_ROW + r, and its 256 threads walk
// the columns together (thread t reads columns S_COL + t, S_COL + t + 256, ...), so a warp reads
// 32 consecutive entries at each step. Sums stay in registers, the warp adds them with
// __reduce_add_sync, the block through shared memory, and thread 0 adds the row's sum into
// output[0] (zeroed first with cudaMemset): one atomic per row. Loads are 4 bytes wide.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__global__ void row_per_block(const int* input, int* output, int M, int S_ROW, int S_COL, int E_COL) {
    __shared__ int warp_totals[WARPS];
    const int* p = input + (size_t)(S_ROW + blockIdx.x) * M;
    int sum = 0;
    for (int col = S_COL + threadIdx.x; col <= E_COL; col += THREADS) sum += p[col];
    sum = __reduce_add_sync(0xffffffffu, sum);
    if (threadIdx.x % 32 == 0) warp_totals[threadIdx.x / 32] = sum;
    __syncthreads();
    if (threadIdx.x == 0) {
        int total = 0;
        for (int w = 0; w < WARPS; ++w) total += warp_totals[w];
        atomicAdd(output, total);
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int S_ROW, int E_ROW, int S_COL, int E_COL) {
    const int height = E_ROW - S_ROW + 1;
    cudaMemset(output, 0, sizeof(int));
    row_per_block<<<height, THREADS>>>(input, output, M, S_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
