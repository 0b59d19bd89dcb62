// A 3-D grid where each thread loads one aligned int4 of a row piece: x over the piece's int4s,
// y over rows, the grid's z over depths.
//
// Piece (dep, row) is the flat stretch [(dep * M + row) * K + S_COL, ... + E_COL]. Its aligned
// int4s start at the first multiple of 4 in it; the up to 3 entries before (the head) and after
// the last whole int4 (the tail) are added one by one by the piece's first threads. Blocks of
// 32 x 8 threads (128 entries of eight pieces), warp sums, one atomicAdd per block into
// output[0] (zeroed first with cudaMemset): a quarter of warp-reduce-3d.cu's blocks and atomics,
// and 16 bytes in flight per thread.
#include <cuda_runtime.h>

#define BX 32
#define BY 8

__global__ void int4_3d(const int* input, int* output, int M, int K, int S_DEP, int S_ROW, int E_ROW, int S_COL,
                        int E_COL) {
    __shared__ int warp_totals[BY];
    const int x = blockIdx.x * BX + threadIdx.x;
    const int row = S_ROW + blockIdx.y * BY + threadIdx.y;
    const int dep = S_DEP + blockIdx.z;
    int sum = 0;
    if (row <= E_ROW) {
        const int begin = (dep * M + row) * K + S_COL;  // flat indices, below 500^3
        const int end = begin + (E_COL - S_COL + 1);
        int body = (begin + 3) & ~3;
        if (body > end) body = end;
        const int n4 = (end - body) / 4;
        const int tail = body + 4 * n4;
        if (x < n4) {
            const int4 v = reinterpret_cast<const int4*>(input + body)[x];
            sum = v.x + v.y + v.z + v.w;
        }
        if (x < body - begin) sum += input[begin + x];
        if (x < end - tail) sum += input[tail + x];
    }
    sum = __reduce_add_sync(0xffffffffu, sum);  // threadIdx.y is the warp
    if (threadIdx.x == 0) warp_totals[threadIdx.y] = sum;
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        int total = 0;
        for (int w = 0; w < BY; ++w) total += warp_totals[w];
        if (total != 0) atomicAdd(output, total);
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int S_DEP, int E_DEP, int S_ROW, int E_ROW,
                      int S_COL, int E_COL) {
    const int width = E_COL - S_COL + 1;
    const int height = E_ROW - S_ROW + 1;
    const int depth = E_DEP - S_DEP + 1;
    const int max_n4 = width / 4 > 0 ? width / 4 : 1;  // a piece has at most width / 4 whole int4s
    const dim3 threads(BX, BY, 1);
    const dim3 blocks((max_n4 + BX - 1) / BX, (height + BY - 1) / BY, depth);
    cudaMemset(output, 0, sizeof(int));
    int4_3d<<<blocks, threads>>>(input, output, M, K, S_DEP, S_ROW, E_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
