// Each thread sums its own contiguous chunk of 256 entries: the CPU habit of splitting an array
// into pieces, one per worker.
//
// Thread t adds input[S + 256 t] .. input[S + 256 t + 255] (cut at E) in a loop, the warp adds
// its 32 chunk sums and lane 0 does one atomicAdd into output[0] (zeroed first with cudaMemset).
// At each step the 32 lanes of a warp read 32 addresses 1 KB apart: 32 separate cache lines per
// load instruction instead of one, which the L1 cache only partly keeps until the lanes come back
// for the rest of each line. Far fewer atomics than warp-atomic.cu, but uncoalesced.
#include <cuda_runtime.h>

#define THREADS 256
#define CHUNK 256

__global__ void chunk_sum(const int* input, int* output, int S, int E) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int first = S + t * CHUNK;  // below 10^8 + CHUNK * THREADS: no overflow
    int sum = 0;
    if (first <= E) {
        const int last = min(E, first + CHUNK - 1);
        for (int i = first; i <= last; ++i) sum += input[i];
    }
    sum = __reduce_add_sync(0xffffffffu, sum);
    if (threadIdx.x % 32 == 0 && sum != 0) atomicAdd(output, sum);
}

extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    const int count = E - S + 1;
    const int threads_needed = (count + CHUNK - 1) / CHUNK;
    const int blocks = (threads_needed + THREADS - 1) / THREADS;
    cudaMemset(output, 0, sizeof(int));
    chunk_sum<<<blocks, THREADS>>>(input, output, S, E);
    cudaDeviceSynchronize();
}
