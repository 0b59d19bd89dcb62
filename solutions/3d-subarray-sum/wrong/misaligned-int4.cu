// WRONG (RTE, cudaErrorMisalignedAddress): each row piece is read as int4s starting right at its
// first column.
//
// An int4 load needs a 16-byte aligned address, i.e. a flat index that is a multiple of 4. The
// examples' pieces are shorter than one int4, so only the scalar tail runs and they pass;
// bounds-and-heads (K = 7, columns 1..5) loads an int4 from flat index 15 and the kernel dies
// with a misaligned address.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__global__ void piece_vec_sum(const int* input, int* output, int M, int K, int S_DEP, int S_ROW, int S_COL, int E_COL,
                              int height, int pieces) {
    const int lane = threadIdx.x % 32;
    const int p = blockIdx.x * WARPS + threadIdx.x / 32;
    int sum = 0;
    if (p < pieces) {
        const int dep = S_DEP + p / height;
        const int row = S_ROW + p % height;
        const int* q = input + (size_t)(dep * M + row) * K + S_COL;
        const int width = E_COL - S_COL + 1;
        const int n4 = width / 4;
        for (int j = lane; j < n4; j += 32) {
            const int4 v = reinterpret_cast<const int4*>(q)[j];  // Bug: q is 16-byte aligned only by chance.
            sum += v.x + v.y + v.z + v.w;
        }
        if (lane < width - 4 * n4) sum += q[4 * n4 + lane];
    }
    sum = __reduce_add_sync(0xffffffffu, sum);
    if (lane == 0 && sum != 0) atomicAdd(output, sum);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int S_DEP, int E_DEP, int S_ROW, int E_ROW,
                      int S_COL, int E_COL) {
    const int height = E_ROW - S_ROW + 1;
    const int pieces = (E_DEP - S_DEP + 1) * height;
    cudaMemset(output, 0, sizeof(int));
    piece_vec_sum<<<(pieces + WARPS - 1) / WARPS, THREADS>>>(input, output, M, K, S_DEP, S_ROW, S_COL, E_COL, height,
                                                             pieces);
    cudaDeviceSynchronize();
}
