// Block per row: 256 threads scan a row in segments of 256 x 8 steps, the last segment first:
// each thread combines its 8 steps into one affine map, the block scans the maps from the last
// thread down (warp shuffles, then the warp totals), each thread replays its steps from the
// advantage after them, and the segment's first advantage carries into the segment before it.
//
// Eight times the threads per row of warp-per-row, so the loads of a segment are in flight
// together; still only B blocks, and a row's segments run one after another.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define ITEMS 8

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
    gae_block(const float* rewards, const float* values, float* advantages, float gamma, float c, int S) {
    const size_t base = (size_t)blockIdx.x * S;
    const int segments = (S + THREADS * ITEMS - 1) / (THREADS * ITEMS);
    float carry = 0.0f;  // the advantage after the segment: A[S] = 0
    for (int seg = segments - 1; seg >= 0; --seg) {
        const int t0 = seg * THREADS * ITEMS + threadIdx.x * ITEMS;
        float delta[ITEMS];
        const Seg mine = load_items(rewards + base, values + base, t0, S, gamma, c, delta);
        Seg total;
        const Seg after = block_exclusive_suffix_scan(mine, total);
        store_items(advantages + base, t0, S, c, delta, fmaf(after.A, carry, after.H));
        carry = fmaf(total.A, carry, total.H);
    }
}

extern "C" void solve(const float* rewards, const float* values, float* advantages, float gamma, float lam, int B,
                      int S) {
    gae_block<<<B, THREADS>>>(rewards, values, advantages, gamma, gamma * lam, S);
}
