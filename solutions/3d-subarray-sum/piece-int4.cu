// One warp per row piece, reading the piece as aligned int4s with a scalar head and tail.
//
// piece-per-warp.cu with 16-byte loads: the piece's flat stretch is split at the first multiple
// of 4 (a head of at most 3 entries), whole int4s, and a tail of at most 3 entries; the lanes
// stride over the int4s, two per trip, and the first lanes take the head and tail. A quarter of
// the load instructions and 32 bytes in flight per lane; still one block of eight pieces and one
// atomicAdd (output zeroed first with cudaMemset) per 4,000 entries.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ int sum4(int4 v) { return (v.x + v.y) + (v.z + v.w); }

__global__ void piece_int4(const int* input, int* output, int M, int K, int S_DEP, int S_ROW, int S_COL, int E_COL,
                           int height, int pieces) {
    __shared__ int warp_totals[WARPS];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int p = blockIdx.x * WARPS + warp;
    int s0 = 0, s1 = 0;
    if (p < pieces) {
        const int dep = S_DEP + p / height;
        const int row = S_ROW + p % height;
        const int begin = (dep * M + row) * K + S_COL;  // flat indices, below 500^3
        const int end = begin + (E_COL - S_COL + 1);
        int body = (begin + 3) & ~3;
        if (body > end) body = end;
        const int n4 = (end - body) / 4;
        const int tail = body + 4 * n4;
        const int4* vec = reinterpret_cast<const int4*>(input + body);
        int j = lane;
        for (; j + 32 < n4; j += 64) {
            s0 += sum4(vec[j]);
            s1 += sum4(vec[j + 32]);
        }
        if (j < n4) s0 += sum4(vec[j]);
        if (lane < body - begin) s0 += input[begin + lane];
        if (lane < end - tail) s1 += input[tail + lane];
    }
    const int sum = __reduce_add_sync(0xffffffffu, s0 + s1);
    if (lane == 0) warp_totals[warp] = sum;
    __syncthreads();
    if (threadIdx.x == 0) {
        int total = 0;
        for (int w = 0; w < WARPS; ++w) total += warp_totals[w];
        atomicAdd(output, total);
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int S_DEP, int E_DEP, int S_ROW, int E_ROW,
                      int S_COL, int E_COL) {
    const int height = E_ROW - S_ROW + 1;
    const int pieces = (E_DEP - S_DEP + 1) * height;
    const int blocks = (pieces + WARPS - 1) / WARPS;
    cudaMemset(output, 0, sizeof(int));
    piece_int4<<<blocks, THREADS>>>(input, output, M, K, S_DEP, S_ROW, S_COL, E_COL, height, pieces);
    cudaDeviceSynchronize();
}
