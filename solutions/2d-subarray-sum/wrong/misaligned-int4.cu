// WRONG (RTE, cudaErrorMisalignedAddress): each row is read as int4s starting right at its first
// column, input + row * M + S_COL.
//
// An int4 load needs a 16-byte aligned address, i.e. a flat index that is a multiple of 4. The
// examples' rows are shorter than one int4, so only the scalar tail runs and they pass;
// bounds-and-heads (M = 10, columns 1..8) loads an int4 from flat index 11 and the kernel dies
// with a misaligned address.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__global__ void row_vec_sum(const int* input, int* output, int M, int S_ROW, int S_COL, int E_COL) {
    __shared__ int warp_totals[WARPS];
    const int* p = input + (size_t)(S_ROW + blockIdx.x) * M + S_COL;
    const int width = E_COL - S_COL + 1;
    const int n4 = width / 4;
    int sum = 0;
    for (int j = threadIdx.x; j < n4; j += THREADS) {
        const int4 v = reinterpret_cast<const int4*>(p)[j];  // Bug: p is 16-byte aligned only by chance.
        sum += v.x + v.y + v.z + v.w;
    }
    if (threadIdx.x < width - 4 * n4) sum += p[4 * n4 + threadIdx.x];
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
    cudaMemset(output, 0, sizeof(int));
    row_vec_sum<<<E_ROW - S_ROW + 1, THREADS>>>(input, output, M, S_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
