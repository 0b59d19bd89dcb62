// 8 x 8 x 4 blocks (columns x rows x depths), one entry per thread, a shared-memory tree, one
// atomicAdd per block.
//
// naive-3d.cu's grid with the matches counted per block: each thread puts 0 or 1 in shared
// memory, the block halves its active threads eight times with a __syncthreads after each step,
// and thread 0 adds the block's count into output[0] (zeroed first with cudaMemset). Global
// atomics drop from one per warp to one per 256 entries; a warp still reads four 32-byte pieces
// of four rows, and every block pays eight barriers.
#include <cuda_runtime.h>

#define BX 8
#define BY 8
#define BZ 4
#define THREADS (BX * BY * BZ)

__global__ void cube_count(const int* input, int* output, int N, int M, int K, int P) {
    __shared__ int partial[THREADS];
    const int tid = (threadIdx.z * BY + threadIdx.y) * BX + threadIdx.x;
    const int col = blockIdx.x * BX + threadIdx.x;
    const int row = blockIdx.y * BY + threadIdx.y;
    const int dep = blockIdx.z * BZ + threadIdx.z;
    partial[tid] = (dep < N && row < M && col < K && input[(dep * M + row) * K + col] == P) ? 1 : 0;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0 && partial[0] != 0) atomicAdd(output, partial[0]);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int P) {
    cudaMemset(output, 0, sizeof(int));
    const dim3 threads(BX, BY, BZ);
    const dim3 blocks((K + BX - 1) / BX, (M + BY - 1) / BY, (N + BZ - 1) / BZ);
    cube_count<<<blocks, threads>>>(input, output, N, M, K, P);
    cudaDeviceSynchronize();
}
