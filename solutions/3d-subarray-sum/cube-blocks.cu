// 8 x 8 x 4 blocks (columns x rows x depths), one entry per thread, a shared-memory tree, one
// atomicAdd per block.
//
// The "3-D problem, 3-D blocks" choice: each block is a small cube of the box. A warp then holds
// 8 consecutive entries of four different rows (four 32-byte pieces instead of one 128-byte
// line), each thread loads one entry (0 outside the box), the block halves its active threads
// eight times with a __syncthreads after each step, and thread 0 adds the block's sum into
// output[0], zeroed first with cudaMemset: almost half a million blocks and as many atomics.
#include <cuda_runtime.h>

#define BX 8
#define BY 8
#define BZ 4
#define THREADS (BX * BY * BZ)

__global__ void cube_sum(const int* input, int* output, int M, int K, int S_DEP, int E_DEP, int S_ROW, int E_ROW,
                         int S_COL, int E_COL) {
    __shared__ int partial[THREADS];
    const int tid = (threadIdx.z * BY + threadIdx.y) * BX + threadIdx.x;
    const int col = S_COL + blockIdx.x * BX + threadIdx.x;
    const int row = S_ROW + blockIdx.y * BY + threadIdx.y;
    const int dep = S_DEP + blockIdx.z * BZ + threadIdx.z;
    partial[tid] = (dep <= E_DEP && row <= E_ROW && col <= E_COL) ? input[(size_t)(dep * M + row) * K + col] : 0;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(output, partial[0]);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int S_DEP, int E_DEP, int S_ROW, int E_ROW,
                      int S_COL, int E_COL) {
    const int width = E_COL - S_COL + 1;
    const int height = E_ROW - S_ROW + 1;
    const int depth = E_DEP - S_DEP + 1;
    const dim3 threads(BX, BY, BZ);
    const dim3 blocks((width + BX - 1) / BX, (height + BY - 1) / BY, (depth + BZ - 1) / BZ);
    cudaMemset(output, 0, sizeof(int));
    cube_sum<<<blocks, threads>>>(input, output, M, K, S_DEP, E_DEP, S_ROW, E_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
