// One thread per row: each of the N * M threads loops over the K entries of its row.
//
// The "one worker per row" habit from CPU code: thread t counts row t (depth t / M, row t % M)
// in a register, the warp adds its 32 counts with __reduce_add_sync and lane 0 does one atomicAdd
// into output[0] (zeroed first with cudaMemset). At each step the 32 lanes of a warp read 32
// addresses K entries (2 KB at the performance size) apart: 32 cache lines per load instruction
// instead of one, which the L1 cache only partly keeps until the lanes come back for the rest
// of each line.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void row_count(const int* input, int* output, int rows, int K, int P) {
    const int r = blockIdx.x * blockDim.x + threadIdx.x;
    int count = 0;
    if (r < rows) {
        const int* p = input + (size_t)r * K;
        for (int col = 0; col < K; ++col) count += (p[col] == P);
    }
    count = __reduce_add_sync(0xffffffffu, count);
    if (threadIdx.x % 32 == 0 && count != 0) atomicAdd(output, count);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int P) {
    const int rows = N * M;  // row r of depth d is row d * M + r of the whole array
    cudaMemset(output, 0, sizeof(int));
    row_count<<<(rows + THREADS - 1) / THREADS, THREADS>>>(input, output, rows, K, P);
    cudaDeviceSynchronize();
}
