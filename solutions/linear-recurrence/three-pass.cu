// Three passes over chunks of 2,048 steps: (1) every block reduces its chunk to one affine map;
// (2) one thread per row chains its row's chunk maps into the state entering each chunk; (3) every
// block rescans its chunk from that state and writes h.
//
// Every SM is busy now (B * L / 2,048 blocks instead of B), at the price of reading a and x twice
// and three launches.
#include <cuda_runtime.h>

#define THREADS 256
#define ITEMS 8
#define CHUNK (THREADS * ITEMS)

// A stretch of the recurrence as an affine map of the state before it: h_out = A * h_in + H.
struct Seg {
    float A, H;
};

// `first` then `then`: h -> then.A * (first.A * h + first.H) + then.H.
__device__ __forceinline__ Seg seg_then(Seg first, Seg then) {
    return {first.A * then.A, fmaf(then.A, first.H, then.H)};
}

// Inclusive scan of the lanes' maps along the warp (Hillis-Steele with shuffles).
__device__ __forceinline__ Seg warp_scan(Seg s) {
    const int lane = threadIdx.x % 32;
#pragma unroll
    for (int off = 1; off < 32; off *= 2) {
        const float A = __shfl_up_sync(0xffffffffu, s.A, off);
        const float H = __shfl_up_sync(0xffffffffu, s.H, off);
        if (lane >= off) s = seg_then({A, H}, s);
    }
    return s;
}

// Exclusive scan over the block: the map of every thread before this one (identity for thread 0);
// `total` gets the whole block's map. Uses warp shuffles and one shared array of warp totals.
__device__ Seg block_exclusive_scan(Seg s, Seg& total) {
    __shared__ Seg warp_totals[THREADS / 32];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const Seg inclusive = warp_scan(s);
    Seg before = {__shfl_up_sync(0xffffffffu, inclusive.A, 1), __shfl_up_sync(0xffffffffu, inclusive.H, 1)};
    if (lane == 0) before = {1.0f, 0.0f};
    __syncthreads();  // warp_totals may still be read from the previous call
    if (lane == 31) warp_totals[warp] = inclusive;
    __syncthreads();
    if (warp == 0) {
        Seg w = lane < THREADS / 32 ? warp_totals[lane] : Seg{1.0f, 0.0f};
        w = warp_scan(w);
        if (lane < THREADS / 32) warp_totals[lane] = w;  // now inclusive over the warps
    }
    __syncthreads();
    total = warp_totals[THREADS / 32 - 1];
    return warp == 0 ? before : seg_then(warp_totals[warp - 1], before);
}

// Loads this thread's ITEMS consecutive steps t0 .. t0 + ITEMS - 1 of a row (steps past L are the
// identity, and a[0] counts as 0 so that h[0] = x[0]) and returns their combined map.
__device__ __forceinline__ Seg load_items(const float* ar, const float* xr, int t0, int L, float (&av)[ITEMS],
                                          float (&xv)[ITEMS]) {
    Seg s = {1.0f, 0.0f};
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        const int t = t0 + j;
        av[j] = t < L ? (t == 0 ? 0.0f : ar[t]) : 1.0f;
        xv[j] = t < L ? xr[t] : 0.0f;
        s = seg_then(s, {av[j], xv[j]});
    }
    return s;
}

// Runs the recurrence over the thread's items from the state `carry` and stores h.
__device__ __forceinline__ void store_items(float* hr, int t0, int L, const float (&av)[ITEMS],
                                            const float (&xv)[ITEMS], float carry) {
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) {
        carry = fmaf(av[j], carry, xv[j]);
        if (t0 + j < L) hr[t0 + j] = carry;
    }
}

__global__ void __launch_bounds__(THREADS) chunk_maps(const float* a, const float* x, Seg* maps, int L, int chunks) {
    const int row = blockIdx.x / chunks, chunk = blockIdx.x % chunks;
    const size_t base = (size_t)row * L;
    float av[ITEMS], xv[ITEMS];
    const Seg mine = load_items(a + base, x + base, chunk * CHUNK + threadIdx.x * ITEMS, L, av, xv);
    Seg total;
    block_exclusive_scan(mine, total);
    if (threadIdx.x == 0) maps[blockIdx.x] = total;
}

__global__ void chunk_carries(const Seg* maps, float* carries, int B, int chunks) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= B) return;
    float carry = 0.0f;
    for (int c = 0; c < chunks; ++c) {
        carries[row * chunks + c] = carry;
        const Seg m = maps[row * chunks + c];
        carry = fmaf(m.A, carry, m.H);
    }
}

__global__ void __launch_bounds__(THREADS) chunk_scan(const float* a, const float* x, float* h, const float* carries,
                                                      int L, int chunks) {
    const int row = blockIdx.x / chunks, chunk = blockIdx.x % chunks;
    const size_t base = (size_t)row * L;
    const int t0 = chunk * CHUNK + threadIdx.x * ITEMS;
    float av[ITEMS], xv[ITEMS];
    const Seg mine = load_items(a + base, x + base, t0, L, av, xv);
    Seg total;
    const Seg before = block_exclusive_scan(mine, total);
    const float carry = carries[blockIdx.x];
    store_items(h + base, t0, L, av, xv, fmaf(before.A, carry, before.H));
}

extern "C" void solve(const float* a, const float* x, float* h, int B, int L) {
    static Seg* maps = nullptr;
    static float* carries = nullptr;
    static int capacity = 0;
    const int chunks = (L + CHUNK - 1) / CHUNK;
    const int tiles = B * chunks;
    if (tiles > capacity) {
        cudaFree(maps);
        cudaFree(carries);
        maps = nullptr;
        carries = nullptr;
        capacity = 0;
        if (cudaMalloc(&maps, tiles * sizeof(Seg)) != cudaSuccess) return;
        if (cudaMalloc(&carries, tiles * sizeof(float)) != cudaSuccess) return;
        capacity = tiles;
    }
    chunk_maps<<<tiles, THREADS>>>(a, x, maps, L, chunks);
    chunk_carries<<<(B + 127) / 128, 128>>>(maps, carries, B, chunks);
    chunk_scan<<<tiles, THREADS>>>(a, x, h, carries, L, chunks);
}
