// WRONG (WA, reads the output before writing it): per-block counts are added into output[0]
// with atomicAdd, but output is never zeroed.
//
// output holds the judge's fill pattern on entry, so the result is the fill value plus the
// count: wrong on the first example. With an output that starts at zero it would pass; the
// judge's report says so.
#include <cuda_runtime.h>

#define BX 32
#define BY 8

__global__ void count_3d_warp(const int* input, int* output, int M, int K, int P) {
    __shared__ int warp_counts[BY];
    const int col = blockIdx.x * BX + threadIdx.x;
    const int row = blockIdx.y * BY + threadIdx.y;
    const int dep = blockIdx.z;
    const int match = (row < M && col < K && input[(dep * M + row) * K + col] == P) ? 1 : 0;
    const int count = __reduce_add_sync(0xffffffffu, match);
    if (threadIdx.x == 0) warp_counts[threadIdx.y] = count;
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        int total = 0;
        for (int w = 0; w < BY; ++w) total += warp_counts[w];
        if (total != 0) atomicAdd(output, total);
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int P) {
    // Bug: missing cudaMemset(output, 0, sizeof(int)).
    const dim3 threads(BX, BY, 1);
    const dim3 blocks((K + BX - 1) / BX, (M + BY - 1) / BY, N);
    count_3d_warp<<<blocks, threads>>>(input, output, M, K, P);
    cudaDeviceSynchronize();
}
