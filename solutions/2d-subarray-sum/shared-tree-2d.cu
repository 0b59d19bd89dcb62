// The textbook reduction on a 2-D grid: 16 x 16 blocks, one entry per thread, a tree in shared
// memory, one atomicAdd per block.
//
// x runs over the subarray's columns and y over its rows. Each block loads its 256 entries (0
// outside the subarray) into shared memory and halves the active threads eight times, with a
// __syncthreads after each step; thread (0, 0) adds the block's sum into output[0], zeroed first
// with cudaMemset. A warp covers two half-rows of 16 entries (two 64-byte pieces), 4 bytes are in
// flight per thread, and there are 390,000 blocks and as many atomics.
#include <cuda_runtime.h>

#define B 16

__global__ void shared_tree_2d(const int* input, int* output, int M, int S_ROW, int E_ROW, int S_COL,
                               int E_COL) {
    __shared__ int partial[B * B];
    const int tid = threadIdx.y * B + threadIdx.x;
    const int col = S_COL + blockIdx.x * B + threadIdx.x;
    const int row = S_ROW + blockIdx.y * B + threadIdx.y;
    partial[tid] = (row <= E_ROW && col <= E_COL) ? input[(size_t)row * M + col] : 0;
    __syncthreads();
    for (int stride = B * B / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(output, partial[0]);
}

extern "C" void solve(const int* input, int* output, int N, int M, int S_ROW, int E_ROW, int S_COL, int E_COL) {
    const int width = E_COL - S_COL + 1;
    const int height = E_ROW - S_ROW + 1;
    const dim3 threads(B, B);
    const dim3 blocks((width + B - 1) / B, (height + B - 1) / B);
    cudaMemset(output, 0, sizeof(int));
    shared_tree_2d<<<blocks, threads>>>(input, output, M, S_ROW, E_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
