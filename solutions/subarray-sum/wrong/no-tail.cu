// WRONG (WA): aligned int4 loads with the head handled, but the entries after the last whole
// int4 are never added.
//
// The range is split into a head (up to the first multiple of 4), whole int4s and a tail, and
// the tail was forgotten. Example 1 (S = 2, E = 4) has a head of two entries, no whole int4 and
// a tail of one: the answer comes out 5 instead of 10.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void no_tail_sum(const int* input, int* output, int S, int body, int n4) {
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int sum = 0;
    if (gid < n4) {
        const int4 v = reinterpret_cast<const int4*>(input + body)[gid];
        sum = v.x + v.y + v.z + v.w;
    }
    if (gid < body - S) sum += input[S + gid];
    // Bug: input[body + 4 * n4 .. E] is never added.
    sum = __reduce_add_sync(0xffffffffu, sum);
    if (threadIdx.x % 32 == 0 && sum != 0) atomicAdd(output, sum);
}

extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    int body = (S + 3) & ~3;
    if (body > E + 1) body = E + 1;
    const int n4 = (E + 1 - body) / 4;
    const int items = n4 > 0 ? n4 : 1;
    const int blocks = (items + THREADS - 1) / THREADS;
    cudaMemset(output, 0, sizeof(int));
    no_tail_sum<<<blocks, THREADS>>>(input, output, S, body, n4);
    cudaDeviceSynchronize();
}
