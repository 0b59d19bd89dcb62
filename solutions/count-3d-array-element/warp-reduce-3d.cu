// A 3-D grid of 32 x 8 x 1 blocks, one entry per thread, warp counts, one atomicAdd per block.
//
// x runs over the K columns, y over the M rows and the grid's z over the N depths; blocks are 32
// wide, so each warp reads 32 consecutive entries of one row (one 128-byte line when aligned,
// where cube-blocks.cu reads four 32-byte pieces). The warp adds its 32 results with
// __reduce_add_sync, the eight warp counts go through shared memory (one barrier instead of eight)
// and one atomicAdd per block goes into output[0], zeroed first with cudaMemset.
#include <cuda_runtime.h>

#define BX 32
#define BY 8

__global__ void count_3d_warp(const int* input, int* output, int M, int K, int P) {
    __shared__ int warp_counts[BY];
    const int col = blockIdx.x * BX + threadIdx.x;
    const int row = blockIdx.y * BY + threadIdx.y;
    const int dep = blockIdx.z;
    const int match = (row < M && col < K && input[(dep * M + row) * K + col] == P) ? 1 : 0;
    const int count = __reduce_add_sync(0xffffffffu, match);  // threadIdx.y is the warp
    if (threadIdx.x == 0) warp_counts[threadIdx.y] = count;
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        int total = 0;
        for (int w = 0; w < BY; ++w) total += warp_counts[w];
        if (total != 0) atomicAdd(output, total);
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int P) {
    cudaMemset(output, 0, sizeof(int));
    const dim3 threads(BX, BY, 1);
    const dim3 blocks((K + BX - 1) / BX, (M + BY - 1) / BY, N);
    count_3d_warp<<<blocks, threads>>>(input, output, M, K, P);
    cudaDeviceSynchronize();
}
