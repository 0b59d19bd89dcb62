// One block per row of the subarray, reading the row as aligned int4s with a scalar head and tail.
//
// row-per-block.cu with 16-byte loads: the row's stretch [row * M + S_COL, row * M + E_COL] is
// split at the first multiple of 4 (a head of at most 3 entries), whole int4s, and a tail of at
// most 3 entries; the 256 threads stride over the int4s and the first threads take the head and
// tail. A quarter of the load instructions, twice as many loads in flight per trip (the loop is
// unrolled by two), one atomicAdd per row into output[0] (zeroed first with cudaMemset).
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ int sum4(int4 v) { return (v.x + v.y) + (v.z + v.w); }

__global__ void row_int4(const int* input, int* output, int M, int S_ROW, int S_COL, int E_COL) {
    __shared__ int warp_totals[WARPS];
    const int row = S_ROW + blockIdx.x;
    const int begin = row * M + S_COL;  // flat indices, at most N * M <= 10^8
    const int end = row * M + E_COL + 1;
    int body = (begin + 3) & ~3;
    if (body > end) body = end;
    const int n4 = (end - body) / 4;
    const int tail = body + 4 * n4;
    const int4* vec = reinterpret_cast<const int4*>(input + body);

    int s0 = 0, s1 = 0;
    int j = threadIdx.x;
    for (; j + THREADS < n4; j += 2 * THREADS) {
        s0 += sum4(vec[j]);
        s1 += sum4(vec[j + THREADS]);
    }
    if (j < n4) s0 += sum4(vec[j]);
    if (threadIdx.x < body - begin) s0 += input[begin + threadIdx.x];
    if (threadIdx.x < end - tail) s1 += input[tail + threadIdx.x];

    const int sum = __reduce_add_sync(0xffffffffu, s0 + s1);
    if (threadIdx.x % 32 == 0) warp_totals[threadIdx.x / 32] = sum;
    __syncthreads();
    if (threadIdx.x == 0) {
        int total = 0;
        for (int w = 0; w < WARPS; ++w) total += warp_totals[w];
        atomicAdd(output, total);
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int S_ROW, int E_ROW, int S_COL, int E_COL) {
    const int height = E_ROW - S_ROW + 1;
    cudaMemset(output, 0, sizeof(int));
    row_int4<<<height, THREADS>>>(input, output, M, S_ROW, S_COL, E_COL);
    cudaDeviceSynchronize();
}
