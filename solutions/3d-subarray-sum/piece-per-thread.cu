// One thread per row piece of the box: each thread loops over its piece's columns.
//
// The "one worker per row" habit from CPU code: thread p adds up piece p (depth S_DEP + p / height,
// row S_ROW + p % height) in a register, the warp adds its 32 piece sums with __reduce_add_sync
// and lane 0 does one atomicAdd into output[0] (zeroed first with cudaMemset). At each step the
// 32 lanes of a warp read 32 addresses K entries apart: 32 cache lines per load instruction
// instead of one, which the L1 cache only partly keeps until the lanes come back for the rest of
// each line.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void piece_per_thread(const int* input, int* output, int M, int K, int S_DEP, int S_ROW, int S_COL,
                                 int E_COL, int height, int pieces) {
    const int p = blockIdx.x * blockDim.x + threadIdx.x;
    int sum = 0;
    if (p < pieces) {
        const int dep = S_DEP + p / height;
        const int row = S_ROW + p % height;
        const int* q = input + (size_t)(dep * M + row) * K;
        for (int col = S_COL; col <= E_COL; ++col) sum += q[col];
    }
    sum = __reduce_add_sync(0xffffffffu, sum);
    if (threadIdx.x % 32 == 0 && sum != 0) atomicAdd(output, sum);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int S_DEP, int E_DEP, int S_ROW, int E_ROW,
                      int S_COL, int E_COL) {
    const int height = E_ROW - S_ROW + 1;
    const int pieces = (E_DEP - S_DEP + 1) * height;
    const int blocks = (pieces + THREADS - 1) / THREADS;
    cudaMemset(output, 0, sizeof(int));
    piece_per_thread<<<blocks, THREADS>>>(input, output, M, K, S_DEP, S_ROW, S_COL, E_COL, height, pieces);
    cudaDeviceSynchronize();
}
