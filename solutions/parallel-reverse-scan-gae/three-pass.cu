// Three passes over chunks of 2,048 steps, on every SM: (1) each block reduces one chunk to its
// affine map (A, H), (2) one thread per row chains its chunk maps from the end of the row and
// records the advantage after each chunk, (3) each block scans its chunk again and replays it from
// that advantage.
//
// B * S / 2,048 blocks instead of B, so the whole GPU works on the loads; the price is reading r
// and v twice and three launches.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define ITEMS 8
#define CHUNK (THREADS * ITEMS)

// A stretch of steps as a map of the advantage after it: before = A * after + H.
struct Seg {
    float A, H;
};

// `earlier` applied after `later` (time runs backwards): before = earlier(later(after)).
__device__ __forceinline__ Seg seg_compose(Seg earlier, Seg later) {
    return {earlier.A * later.A, fmaf(earlier.A, later.H, earlier.H)};
}

// Inclusive scan from lane 31 down: lane i gets the maps of lanes i .. 31 composed.
__device__ __forceinline__ Seg warp_suffix_scan(Seg s) {
    const int lane = threadIdx.x % 32;
#pragma unroll
    for (int off = 1; off < 32; off *= 2) {
        const float A = __shfl_down_sync(0xffffffffu, s.A, off);
        const float H = __shfl_down_sync(0xffffffffu, s.H, off);
        if (lane + off < 32) s = seg_compose(s, {A, H});
    }
    return s;
}

// Exclusive suffix scan over the block: the map of every thread after this one (identity for the
// last thread); `total` gets the whole block's map. Warp shuffles and one shared array.
__device__ Seg block_exclusive_suffix_scan(Seg s, Seg& total) {
    __shared__ Seg warp_totals[WARPS];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const Seg inclusive = warp_suffix_scan(s);
    Seg after = {__shfl_down_sync(0xffffffffu, inclusive.A, 1), __shfl_down_sync(0xffffffffu, inclusive.H, 1)};
    if (lane == 31) after = {1.0f, 0.0f};
    __syncthreads();  // warp_totals may still be read from the previous call
    if (lane == 0) warp_totals[warp] = inclusive;
    __syncthreads();
    if (warp == 0) {
        Seg w = lane < WARPS ? warp_totals[lane] : Seg{1.0f, 0.0f};
        w = warp_suffix_scan(w);
        if (lane < WARPS) warp_totals[lane] = w;  // now: warps lane .. WARPS - 1 composed
    }
    __syncthreads();
    total = warp_totals[0];
    return warp == WARPS - 1 ? after : seg_compose(after, warp_totals[warp + 1]);
}

// Loads this thread's steps t0 .. t0 + ITEMS - 1 of a row, computes their deltas (v[S] = 0) and
// returns their combined map; steps past S are the identity.
__device__ __forceinline__ Seg load_items(const float* r, const float* v, int t0, int S, float gamma, float c,
                                          float (&delta)[ITEMS]) {
    float next_value = t0 + ITEMS < S ? v[t0 + ITEMS] : 0.0f;
    Seg s = {1.0f, 0.0f};
#pragma unroll
    for (int j = ITEMS - 1; j >= 0; --j) {
        const int t = t0 + j;
        const float vt = t < S ? v[t] : 0.0f;
        delta[j] = t < S ? r[t] + gamma * next_value - vt : 0.0f;
        if (t < S) s = seg_compose({c, delta[j]}, s);
        next_value = vt;
    }
    return s;
}

// Runs the steps backwards from the advantage `after` them and stores them; returns A[t0].
__device__ __forceinline__ float store_items(float* out, int t0, int S, float c, const float (&delta)[ITEMS],
                                             float after) {
#pragma unroll
    for (int j = ITEMS - 1; j >= 0; --j) {
        if (t0 + j < S) {
            after = fmaf(c, after, delta[j]);
            out[t0 + j] = after;
        }
    }
    return after;
}

__global__ void __launch_bounds__(THREADS)
    gae_chunk_maps(const float* rewards, const float* values, Seg* maps, float gamma, float c, int S, int chunks) {
    const int row = blockIdx.x / chunks, chunk = blockIdx.x % chunks;
    const size_t base = (size_t)row * S;
    const int t0 = chunk * CHUNK + threadIdx.x * ITEMS;
    float delta[ITEMS];
    const Seg mine = load_items(rewards + base, values + base, t0, S, gamma, c, delta);
    Seg total;
    block_exclusive_suffix_scan(mine, total);
    if (threadIdx.x == 0) maps[blockIdx.x] = total;
}

// One thread per row: the advantage after each chunk, from the end of the row backwards.
__global__ void gae_chunk_carries(const Seg* maps, float* carries, int B, int chunks) {
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= B) return;
    float state = 0.0f;  // A[S] = 0
    for (int k = chunks - 1; k >= 0; --k) {
        carries[row * chunks + k] = state;
        const Seg m = maps[row * chunks + k];
        state = fmaf(m.A, state, m.H);
    }
}

__global__ void __launch_bounds__(THREADS) gae_rescan(const float* rewards, const float* values, float* advantages,
                                                      const float* carries, float gamma, float c, int S, int chunks) {
    const int row = blockIdx.x / chunks, chunk = blockIdx.x % chunks;
    const size_t base = (size_t)row * S;
    const int t0 = chunk * CHUNK + threadIdx.x * ITEMS;
    float delta[ITEMS];
    const Seg mine = load_items(rewards + base, values + base, t0, S, gamma, c, delta);
    Seg total;
    const Seg after = block_exclusive_suffix_scan(mine, total);
    store_items(advantages + base, t0, S, c, delta, fmaf(after.A, carries[blockIdx.x], after.H));
}

extern "C" void solve(const float* rewards, const float* values, float* advantages, float gamma, float lam, int B,
                      int S) {
    static Seg* maps = nullptr;
    static float* carries = nullptr;
    static int capacity = 0;
    const int chunks = (S + CHUNK - 1) / CHUNK;
    const int tiles = B * chunks;
    if (tiles > capacity) {
        cudaFree(maps);
        cudaFree(carries);
        cudaMalloc(&maps, tiles * sizeof(Seg));
        cudaMalloc(&carries, tiles * sizeof(float));
        capacity = tiles;
    }
    const float c = gamma * lam;
    gae_chunk_maps<<<tiles, THREADS>>>(rewards, values, maps, gamma, c, S, chunks);
    gae_chunk_carries<<<(B + 63) / 64, 64>>>(maps, carries, B, chunks);
    gae_rescan<<<tiles, THREADS>>>(rewards, values, advantages, carries, gamma, c, S, chunks);
}
