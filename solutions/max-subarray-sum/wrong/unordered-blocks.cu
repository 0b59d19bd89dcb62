// WRONG (WA): blocks' results combined with atomics, as if the order of the blocks did not
// matter.
//
// The sliding window: the best window is the first one plus the largest running sum of the
// differences d[i] = input[i + W] - input[i]. Each 256-thread block finds the largest running sum
// of its own 256 differences correctly, but then atomicMax-es it into one cell, forgetting that
// block b's running sums start from the total of every difference before it. Right while one block
// holds all the differences (the examples); window-one (999 differences, four blocks) is wrong.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

static int* cells = nullptr;  // [0]: the first window, [1]: the largest running sum

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

__global__ void block_stretches(const int* input, int N, int W, int span, int* cells) {
    __shared__ Stretch warp_stretch[WARPS];
    __shared__ int warp_first[WARPS];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    const int diffs = N - W;
    const int j = blockIdx.x * THREADS + threadIdx.x;
    Stretch s = {0, 0};
    int first = 0;
    if (j < span) {
        const int out = input[j];
        if (j < diffs) {
            const int d = input[j + W] - out;
            s = Stretch{d, max(d, 0)};
        }
        if (j < W) first = out;
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
        atomicAdd(&cells[0], window0);
        atomicMax(&cells[1], all.best);  // Bug: needs the total of the blocks before this one added.
    }
}

__global__ void finish(const int* cells, int* output) { output[0] = cells[0] + cells[1]; }

extern "C" void solve(const int* input, int* output, int N, int window_size) {
    if (cells == nullptr && cudaMalloc(&cells, 2 * sizeof(int)) != cudaSuccess) return;
    const int diffs = N - window_size;
    const int span = diffs > window_size ? diffs : window_size;
    cudaMemset(cells, 0, 2 * sizeof(int));
    block_stretches<<<(span + THREADS - 1) / THREADS, THREADS>>>(input, N, window_size, span, cells);
    finish<<<1, 1>>>(cells, output);
    cudaDeviceSynchronize();
}
