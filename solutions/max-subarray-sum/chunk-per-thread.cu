// The sliding window with each thread owning a contiguous chunk of 256 differences: the CPU
// habit of one piece per worker, then the pieces joined in order by one block.
//
// Window i + 1 is window i plus d[i] = input[i + W] - input[i], so the best window is the first
// one plus the largest running sum of d (or 0). Thread c walks d[256 c .. 256 c + 255] in a loop,
// keeping the chunk's total and largest running sum, and adds its part of the first window; a
// second kernel joins the 100,000 chunks in order: (s, m) then (s', m') is (s + s', max(m, s + m')).
// At each step the 32 lanes of a warp read 32 addresses 1 KB apart, in two streams: uncoalesced.
#include <cuda_runtime.h>

#define THREADS 256
#define CHUNK 256

static int* scratch = nullptr;  // totals, bests, firsts: one of each per chunk
static size_t capacity = 0;     // chunks

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

__global__ void chunk_stretches(const int* input, int N, int W, int span, int chunks, int* totals, int* bests,
                                int* firsts) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= chunks) return;
    const int diffs = N - W;  // d[0 .. diffs - 1]
    const int lo = c * CHUNK;
    const int hi = min(span, lo + CHUNK);
    Stretch s = {0, 0};
    int first = 0;  // this chunk's part of the first window, input[0 .. W - 1]
    for (int j = lo; j < hi; ++j) {
        const int out = input[j];
        if (j < diffs) {
            s.total += input[j + W] - out;
            s.best = max(s.best, s.total);
        }
        if (j < W) first += out;
    }
    totals[c] = s.total;
    bests[c] = s.best;
    firsts[c] = first;
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
    const int chunks = (span + CHUNK - 1) / CHUNK;
    if (capacity < (size_t)chunks) {
        cudaFree(scratch);
        if (cudaMalloc(&scratch, 3 * (size_t)chunks * sizeof(int)) != cudaSuccess) return;
        capacity = chunks;
    }
    int* totals = scratch;
    int* bests = scratch + chunks;
    int* firsts = scratch + 2 * (size_t)chunks;
    chunk_stretches<<<(chunks + THREADS - 1) / THREADS, THREADS>>>(input, N, window_size, span, chunks, totals, bests,
                                                                   firsts);
    combine<<<1, 1024>>>(totals, bests, firsts, chunks, output);
    cudaDeviceSynchronize();
}
