// WRONG (WA): the array read as int4s without a scalar tail, so the last N * M * K % 4 entries
// are never counted.
//
// Example 1 has 12 entries, a multiple of 4, and passes; example 2 has 6, and its last two
// entries (77 and 7) are skipped: 2 instead of 3.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void count_vec(const int* input, int* output, int n4, int P) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    int c = 0;
    if (i < n4) {
        const int4 v = reinterpret_cast<const int4*>(input)[i];
        c = (v.x == P) + (v.y == P) + (v.z == P) + (v.w == P);
    }
    // Bug: input[4 * n4 .. total - 1] is never looked at.
    c = __reduce_add_sync(0xffffffffu, c);
    if (threadIdx.x % 32 == 0 && c != 0) atomicAdd(output, c);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K, int P) {
    const int n4 = N * M * K / 4;
    const int items = n4 > 0 ? n4 : 1;
    cudaMemset(output, 0, sizeof(int));
    count_vec<<<(items + THREADS - 1) / THREADS, THREADS>>>(input, output, n4, P);
    cudaDeviceSynchronize();
}
