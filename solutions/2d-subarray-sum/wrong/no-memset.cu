// WRONG (WA, reads the output before writing it): row sums are added into output[0] with
// atomicAdd, but output is never zeroed.
//
// output holds the judge's fill pattern on entry, so the result is the fill value plus the sum:
// wrong on the first example. With an output that starts at zero it would pass; the judge's
// report says so.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__global__ void row_sum(const int* input, int* output, int M, int S_ROW, int S_COL, int E_COL) {
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
    // Bug: missing cudaMemset(output, 0, sizeof(int)).
    row_sum<<<E_ROW - S_ROW + 1, THREADS>>>(input, output, M, S_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
