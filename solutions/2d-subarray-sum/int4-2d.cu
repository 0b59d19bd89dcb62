// A 2-D grid where each thread loads one aligned int4 of a row: x over a row's int4s, y over rows.
//
// Row r's part of the subarray is the flat stretch [r * M + S_COL, r * M + E_COL]. Its aligned
// int4s start at the first multiple of 4 in it; the up to 3 entries before (the head) and after
// the last whole int4 (the tail) are added one by one by the row's first threads. Blocks of
// 64 x 4 threads (256 entries of four rows), warp sums, one atomicAdd per block into output[0]
// (zeroed first with cudaMemset): a quarter of warp-reduce-2d.cu's blocks and atomics, and 16
// bytes in flight per thread.
#include <cuda_runtime.h>

#define BX 64
#define BY 4
#define WARPS (BX * BY / 32)

__global__ void int4_2d(const int* input, int* output, int M, int S_ROW, int E_ROW, int S_COL, int E_COL) {
    __shared__ int warp_totals[WARPS];
    const int x = blockIdx.x * BX + threadIdx.x;
    const int row = S_ROW + blockIdx.y * BY + threadIdx.y;
    int sum = 0;
    if (row <= E_ROW) {
        const int begin = row * M + S_COL;  // flat indices, at most N * M <= 10^8
        const int end = row * M + E_COL + 1;
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
    sum = __reduce_add_sync(0xffffffffu, sum);
    const int tid = threadIdx.y * BX + threadIdx.x;
    if (tid % 32 == 0) warp_totals[tid / 32] = sum;
    __syncthreads();
    if (tid == 0) {
        int total = 0;
        for (int w = 0; w < WARPS; ++w) total += warp_totals[w];
        if (total != 0) atomicAdd(output, total);
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int S_ROW, int E_ROW, int S_COL, int E_COL) {
    const int width = E_COL - S_COL + 1;
    const int height = E_ROW - S_ROW + 1;
    const int max_n4 = width / 4 > 0 ? width / 4 : 1;  // a row has at most width / 4 whole int4s
    const dim3 threads(BX, BY);
    const dim3 blocks((max_n4 + BX - 1) / BX, (height + BY - 1) / BY);
    cudaMemset(output, 0, sizeof(int));
    int4_2d<<<blocks, threads>>>(input, output, M, S_ROW, E_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
