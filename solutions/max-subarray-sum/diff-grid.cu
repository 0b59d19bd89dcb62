// The sliding window on a GPU-sized grid: each warp walks its own contiguous share of the
// differences, 32 at a time, and a one-warp kernel joins the blocks' results in order.
//
// Window i + 1 is window i plus d[i] = input[i + W] - input[i], so the best window is the first
// one plus the largest running sum of d (or 0). Blocks get consecutive shares of d and their warps
// consecutive parts of those; a warp loads 32 entries of each stream per step (coalesced 4-byte
// loads, four steps in flight) and joins each step into its running (total, largest running sum)
// with five shuffles. Few blocks, few results to join; but 4-byte loads, where best.cu uses int4s.
#include <cuda_runtime.h>

#define THREADS 512
#define WARPS (THREADS / 32)
#define UNROLL 4
#define MAX_BLOCKS 1024

__device__ int slot_total[MAX_BLOCKS];
__device__ int slot_best[MAX_BLOCKS];
__device__ int slot_first[MAX_BLOCKS];

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

__global__ void __launch_bounds__(THREADS) grid_stretches(const int* input, int N, int W, int share) {
    __shared__ Stretch warp_stretch[WARPS];
    __shared__ int warp_first[WARPS];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int diffs = N - W;  // d[0 .. diffs - 1]
    const int lo = min(diffs, (blockIdx.x * WARPS + warp) * share);
    const int hi = min(diffs, lo + share);

    Stretch run = {0, 0};
    int first = 0;  // this thread's part of the first window, input[0 .. W - 1]
    for (int base = lo; base < hi; base += 32 * UNROLL) {
        int out[UNROLL], in[UNROLL];
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) {
            const int j = base + 32 * u + lane;
            out[u] = j < hi ? input[j] : 0;
            in[u] = j < hi ? input[j + W] : 0;
        }
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) {
            const int j = base + 32 * u + lane;
            if (j < W) first += out[u];
            const int d = in[u] - out[u];  // 0 past hi
            Stretch step = warp_join(Stretch{d, max(d, 0)});
            step.total = __shfl_sync(0xffffffffu, step.total, 0);
            step.best = __shfl_sync(0xffffffffu, step.best, 0);
            run = join(run, step);
        }
    }
    // The first window's entries the loop above did not read (when W > N - W).
    for (int j = diffs + blockIdx.x * THREADS + threadIdx.x; j < W; j += gridDim.x * THREADS) first += input[j];

    first = __reduce_add_sync(0xffffffffu, first);
    if (lane == 0) {
        warp_stretch[warp] = run;
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
        slot_total[blockIdx.x] = all.total;
        slot_best[blockIdx.x] = all.best;
        slot_first[blockIdx.x] = window0;
    }
}

// One warp: each lane joins a contiguous run of block results, then the lanes are joined in order.
__global__ void join_blocks(int blocks, int* output) {
    const int lane = threadIdx.x;
    const int per = (blocks + 31) / 32;
    const int lo = min(blocks, lane * per);
    const int hi = min(blocks, lo + per);
    Stretch run = {0, 0};
    int first = 0;
    for (int k = lo; k < hi; ++k) {
        run = join(run, Stretch{slot_total[k], slot_best[k]});
        first += slot_first[k];
    }
    run = warp_join(run);
    first = __reduce_add_sync(0xffffffffu, first);
    if (lane == 0) output[0] = first + run.best;
}

extern "C" void solve(const int* input, int* output, int N, int window_size) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sm_count = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sm_count * (2048 / THREADS);
        if (max_blocks > MAX_BLOCKS) max_blocks = MAX_BLOCKS;
    }
    const int diffs = N - window_size;
    const int span = diffs > window_size ? diffs : window_size;  // entries read as input[j]
    int blocks = (span + WARPS * 32 * UNROLL - 1) / (WARPS * 32 * UNROLL);  // a step per warp at least
    if (blocks < 1) blocks = 1;
    if (blocks > max_blocks) blocks = max_blocks;
    const int warps = blocks * WARPS;
    const int step = 32 * UNROLL;
    const int share = ((diffs + warps - 1) / warps + step - 1) / step * step;  // whole steps per warp
    grid_stretches<<<blocks, THREADS>>>(input, N, window_size, share);
    join_blocks<<<1, 32>>>(blocks, output);
    cudaDeviceSynchronize();
}
