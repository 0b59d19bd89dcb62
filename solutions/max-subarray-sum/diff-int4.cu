// The sliding window, four consecutive differences per thread: input[j .. j + 3] as one int4,
// the four entries W further on as four plain loads (input + W is rarely 16-byte aligned).
//
// As diff-scalar.cu, but each thread first walks its own four differences in order (total and
// largest running sum), so a 256-thread block covers 1,024 of them: a quarter of the blocks and
// of the block results the second kernel joins, and 32 bytes in flight per thread. The lanes'
// plain loads at j + W are 16 bytes apart; the four of them together use every byte of the lines
// they touch.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define ITEMS 4

static int* scratch = nullptr;  // totals, bests, firsts: one of each per block
static size_t capacity = 0;     // blocks

struct Stretch {
    int total;  // sum of the stretch's differences
    int best;   // largest running sum, the empty one (0) included
};

__device__ __forceinline__ Stretch join(Stretch a, Stretch b) {  // a, then b
    return {a.total + b.total, max(a.best, a.total + b.best)};
}

// Lane 0 gets the stretch of lanes 0..31 in lane order.
__device__ __forceinline__ Stretch warp_join(Stretch a) {
    const int lane = threadIdx.x % 32;
    for (int offset = 1; offset < 32; offset *= 2) {
        const int total = __shfl_down_sync(0xffffffffu, a.total, offset);
        const int best = __shfl_down_sync(0xffffffffu, a.best, offset);
        if (lane + offset < 32) a = join(a, Stretch{total, best});
    }
    return a;
}

__global__ void block_stretches(const int* input, int N, int W, int* totals, int* bests, int* firsts) {
    __shared__ Stretch warp_stretch[WARPS];
    __shared__ int warp_first[WARPS];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int diffs = N - W;  // d[0 .. diffs - 1]
    const int j0 = (blockIdx.x * THREADS + threadIdx.x) * ITEMS;
    int out[ITEMS];
    if (j0 + ITEMS <= N) {
        const int4 q = *reinterpret_cast<const int4*>(input + j0);
        out[0] = q.x; out[1] = q.y; out[2] = q.z; out[3] = q.w;
    } else {
        for (int k = 0; k < ITEMS; ++k) out[k] = j0 + k < N ? input[j0 + k] : 0;
    }
    Stretch s = {0, 0};
    int first = 0;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
        const int j = j0 + k;
        if (j < diffs) {
            s.total += input[j + W] - out[k];
            s.best = max(s.best, s.total);
        }
        if (j < W) first += out[k];
    }
    s = warp_join(s);
    first = __reduce_add_sync(0xffffffffu, first);
    if (lane == 0) {
        warp_stretch[warp] = s;
        warp_first[warp] = first;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        Stretch all = {0, 0};
        int window0 = 0;
        for (int w = 0; w < WARPS; ++w) {
            all = join(all, warp_stretch[w]);
            window0 += warp_first[w];
        }
        totals[blockIdx.x] = all.total;
        bests[blockIdx.x] = all.best;
        firsts[blockIdx.x] = window0;
    }
}

// One block of 1024 threads joins the `count` stretches in order (each thread a contiguous run,
// then the warps, then thread 0 over the 32 warps) and adds the first window's partial sums.
__global__ void combine(const int* totals, const int* bests, const int* firsts, int count, int* output) {
    __shared__ Stretch warp_stretch[32];
    __shared__ int warp_first[32];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int per = (count + 1023) / 1024;
    const int lo = min(count, threadIdx.x * per);
    const int hi = min(count, lo + per);
    Stretch run = {0, 0};
    int first = 0;
    for (int k = lo; k < hi; ++k) {
        run = join(run, Stretch{totals[k], bests[k]});
        first += firsts[k];
    }
    run = warp_join(run);
    first = __reduce_add_sync(0xffffffffu, first);
    if (lane == 0) {
        warp_stretch[warp] = run;
        warp_first[warp] = first;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        Stretch all = {0, 0};
        int window0 = 0;
        for (int w = 0; w < 32; ++w) {
            all = join(all, warp_stretch[w]);
            window0 += warp_first[w];
        }
        output[0] = window0 + all.best;
    }
}

extern "C" void solve(const int* input, int* output, int N, int window_size) {
    const int diffs = N - window_size;
    const int span = diffs > window_size ? diffs : window_size;  // entries read as input[j]
    const int blocks = (span + THREADS * ITEMS - 1) / (THREADS * ITEMS);
    if (capacity < (size_t)blocks) {
        cudaFree(scratch);
        if (cudaMalloc(&scratch, 3 * (size_t)blocks * sizeof(int)) != cudaSuccess) return;
        capacity = blocks;
    }
    int* totals = scratch;
    int* bests = scratch + blocks;
    int* firsts = scratch + 2 * (size_t)blocks;
    block_stretches<<<blocks, THREADS>>>(input, N, window_size, totals, bests, firsts);
    combine<<<1, 1024>>>(totals, bests, firsts, blocks, output);
    cudaDeviceSynchronize();
}
