// One block slides the window: the differences d[j] = input[j + W] - input[j] and their running
// sums, in order, with a single block of 1024 threads.
//
// Window i + 1 is window i plus d[i], so the best window is the first one plus the largest
// running sum of d (0 if none is positive). Each warp takes a contiguous share of d and walks it
// 32 entries at a time (four steps' loads in flight), joining each step's (total, largest running
// sum) into its own with five shuffles: a stretch (s, m) followed by (s', m') is
// (s + s', max(m, s + m')). Thread 0 joins the 32 warps' stretches in order and adds the first
// window. No scratch memory and one launch, but one SM does all the reading.
#include <cuda_runtime.h>

#define THREADS 1024
#define WARPS (THREADS / 32)
#define UNROLL 4

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

__global__ void one_block_slide(const int* input, int* output, int N, int W) {
    __shared__ Stretch warp_stretch[WARPS];
    __shared__ int warp_first[WARPS];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int diffs = N - W;  // d[0 .. diffs - 1]
    const int share = ((diffs + WARPS - 1) / WARPS + 31) / 32 * 32;
    const int lo = min(diffs, warp * share);
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
    for (int j = diffs + threadIdx.x; j < W; j += THREADS) first += input[j];

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
        output[0] = window0 + all.best;
    }
}

extern "C" void solve(const int* input, int* output, int N, int window_size) {
    one_block_slide<<<1, THREADS>>>(input, output, N, window_size);
    cudaDeviceSynchronize();
}
