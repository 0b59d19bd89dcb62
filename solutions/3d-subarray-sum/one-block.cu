// One block does all the work: its 32 warps take the box's row pieces in turn, each warp striding
// along a piece with its 32 lanes.
//
// The box is (E_DEP - S_DEP + 1) * (E_ROW - S_ROW + 1) pieces of E_COL - S_COL + 1 consecutive
// entries. Loads are coalesced (32 consecutive entries per warp load, four loads per trip), sums
// stay in registers, and at the end the warp totals are added in shared memory and thread 0
// writes output[0] directly (no atomics, no memset). But one block runs on one SM of the GPU's
// hundred-odd, and one SM cannot pull 477 MB through at anything near the memory bandwidth.
#include <cuda_runtime.h>

#define THREADS 1024
#define WARPS (THREADS / 32)  // 32: one warp total per lane of warp 0

__global__ void one_block_3d(const int* input, int* output, int M, int K, int S_DEP, int S_ROW, int S_COL,
                             int E_COL, int height, int pieces) {
    __shared__ int warp_totals[WARPS];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    int sum = 0;
    for (int p = warp; p < pieces; p += WARPS) {
        const int dep = S_DEP + p / height;
        const int row = S_ROW + p % height;
        const int* q = input + (size_t)(dep * M + row) * K;
        int col = S_COL + lane;
        for (; col + 96 <= E_COL; col += 128) sum += q[col] + q[col + 32] + q[col + 64] + q[col + 96];
        for (; col <= E_COL; col += 32) sum += q[col];
    }
    sum = __reduce_add_sync(0xffffffffu, sum);
    if (lane == 0) warp_totals[warp] = sum;
    __syncthreads();
    if (warp == 0) {
        sum = __reduce_add_sync(0xffffffffu, warp_totals[lane]);
        if (lane == 0) output[0] = sum;
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int S_DEP, int E_DEP, int S_ROW, int E_ROW,
                      int S_COL, int E_COL) {
    const int height = E_ROW - S_ROW + 1;
    const int pieces = (E_DEP - S_DEP + 1) * height;
    one_block_3d<<<1, THREADS>>>(input, output, M, K, S_DEP, S_ROW, S_COL, E_COL, height, pieces);
    cudaDeviceSynchronize();
}
