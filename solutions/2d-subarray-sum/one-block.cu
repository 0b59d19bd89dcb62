// One block does all the work: its 32 warps take the block's rows in turn, each warp striding
// along a row with its 32 lanes.
//
// Loads are coalesced (a warp reads 32 consecutive entries of one row, four such loads per
// trip), sums stay in registers, and at the end the warps' totals are added in shared memory and
// thread 0 writes output[0] directly (no atomics, no memset). But one block runs on one SM of
// the GPU's hundred-odd, and one SM cannot pull 400 MB through at anything near the memory
// bandwidth: the slowest rung by far.
#include <cuda_runtime.h>

#define THREADS 1024
#define WARPS (THREADS / 32)  // 32: one warp total per lane of warp 0

__global__ void one_block_2d(const int* input, int* output, int M, int S_ROW, int E_ROW, int S_COL,
                             int E_COL) {
    __shared__ int warp_totals[WARPS];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    int sum = 0;
    for (int row = S_ROW + warp; row <= E_ROW; row += WARPS) {
        const int* p = input + (size_t)row * M;
        int col = S_COL + lane;
        for (; col + 96 <= E_COL; col += 128) sum += p[col] + p[col + 32] + p[col + 64] + p[col + 96];
        for (; col <= E_COL; col += 32) sum += p[col];
    }
    sum = __reduce_add_sync(0xffffffffu, sum);
    if (lane == 0) warp_totals[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        sum = __reduce_add_sync(0xffffffffu, warp_totals[lane]);
        if (lane == 0) output[0] = sum;
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int S_ROW, int E_ROW, int S_COL, int E_COL) {
    one_block_2d<<<1, THREADS>>>(input, output, M, S_ROW, E_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
