// One int4 (four entries) per thread, with the unaligned ends of input[S..E] added one by one.
//
// input starts on a 256-byte boundary, so entry i is 16-byte aligned when i % 4 == 0. The range
// is split into a head (S up to the first multiple of 4, at most 3 entries), whole int4s, and a
// tail (at most 3 entries); the first threads of the grid also take one head and one tail entry.
// A quarter of the load instructions and threads of warp-reduce.cu, 16 bytes in flight per
// thread; still one short-lived block and one atomicAdd (output zeroed first) per 1024 entries.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ int block_sum(int v) {  // valid in thread 0
    __shared__ int warp_totals[WARPS];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    v = __reduce_add_sync(0xffffffffu, v);
    if (lane == 0) warp_totals[warp] = v;
    __syncthreads();
    v = 0;
    if (warp == 0) v = __reduce_add_sync(0xffffffffu, lane < WARPS ? warp_totals[lane] : 0);
    return v;
}

// body: first multiple of 4 at or after S (at most E + 1); n4 whole int4s from there.
__global__ void int4_sum(const int* input, int* output, int S, int E, int body, int n4) {
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    const int end = E + 1;
    const int tail = body + 4 * n4;
    int sum = 0;
    if (gid < n4) {
        const int4 v = reinterpret_cast<const int4*>(input + body)[gid];
        sum = v.x + v.y + v.z + v.w;
    }
    if (gid < body - S) sum += input[S + gid];
    if (gid < end - tail) sum += input[tail + gid];
    sum = block_sum(sum);
    if (threadIdx.x == 0) atomicAdd(output, sum);
}

extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    int body = (S + 3) & ~3;
    if (body > E + 1) body = E + 1;
    const int n4 = (E + 1 - body) / 4;
    const int items = n4 > 0 ? n4 : 1;  // at least one block for the head and tail
    const int blocks = (items + THREADS - 1) / THREADS;
    cudaMemset(output, 0, sizeof(int));
    int4_sum<<<blocks, THREADS>>>(input, output, S, E, body, n4);
    cudaDeviceSynchronize();
}
