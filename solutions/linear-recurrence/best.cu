// Best: decoupled look-back over chunks of 512 x 8 steps with float4 loads and stores and streaming
// cache hints (__ldcs, __stcs: each value is touched once), in 512-thread blocks.
//
// Twice the chunk of lookback-float4 halves the number of chunks, of look-back walks and of
// published statuses per row, and the streaming hints keep the flags and the chunks still being
// read in L2. a and x are read once and h written once.
#include <cuda_runtime.h>

#define THREADS 512
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

// What a chunk has published: flag 0 nothing yet, 1 its own map (A, H), 2 also the state after it.
struct TileStatus {
    int flag;
    float A, H, state;
};

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

// The same with float4 loads and stores, for a thread whose ITEMS steps all lie inside the row
// and start 16-byte aligned (L % 4 == 0, ITEMS % 4 == 0).
__device__ __forceinline__ Seg load_items4(const float* ar, const float* xr, int t0, float (&av)[ITEMS],
                                           float (&xv)[ITEMS]) {
#pragma unroll
    for (int j = 0; j < ITEMS; j += 4) {
        const float4 a4 = __ldcs(reinterpret_cast<const float4*>(ar + t0 + j));
        const float4 x4 = __ldcs(reinterpret_cast<const float4*>(xr + t0 + j));
        av[j] = a4.x, av[j + 1] = a4.y, av[j + 2] = a4.z, av[j + 3] = a4.w;
        xv[j] = x4.x, xv[j + 1] = x4.y, xv[j + 2] = x4.z, xv[j + 3] = x4.w;
    }
    if (t0 == 0) av[0] = 0.0f;  // h[0] = x[0]
    Seg s = {1.0f, 0.0f};
#pragma unroll
    for (int j = 0; j < ITEMS; ++j) s = seg_then(s, {av[j], xv[j]});
    return s;
}

__device__ __forceinline__ void store_items4(float* hr, int t0, const float (&av)[ITEMS], const float (&xv)[ITEMS],
                                             float carry) {
#pragma unroll
    for (int j = 0; j < ITEMS; j += 4) {
        float4 o;
        o.x = carry = fmaf(av[j], carry, xv[j]);
        o.y = carry = fmaf(av[j + 1], carry, xv[j + 1]);
        o.z = carry = fmaf(av[j + 2], carry, xv[j + 2]);
        o.w = carry = fmaf(av[j + 3], carry, xv[j + 3]);
        __stcs(reinterpret_cast<float4*>(hr + t0 + j), o);
    }
}

__global__ void __launch_bounds__(THREADS) recurrence_best(const float* a, const float* x, float* h, TileStatus* status,
                                                    unsigned int* ticket, int L, int chunks, bool vec4) {
    // Chunks are numbered in the order blocks start, so every chunk a block waits for belongs to a
    // block that is already running: the wait always ends.
    __shared__ int tile_shared;
    __shared__ float carry_shared;
    if (threadIdx.x == 0) tile_shared = (int)atomicAdd(ticket, 1u);
    __syncthreads();
    const int tile = tile_shared;
    const int row = tile / chunks, chunk = tile % chunks;
    const size_t base = (size_t)row * L;
    const float* ar = a + base;
    const float* xr = x + base;
    const int t0 = chunk * CHUNK + threadIdx.x * ITEMS;
    float av[ITEMS], xv[ITEMS];
    const bool full = vec4 && t0 + ITEMS <= L;
    const Seg mine = full ? load_items4(ar, xr, t0, av, xv) : load_items(ar, xr, t0, L, av, xv);
    Seg total;
    const Seg before = block_exclusive_scan(mine, total);

    if (threadIdx.x == 0) {
        volatile TileStatus* st = status;
        float carry = 0.0f;  // the state before the chunk: 0 at the start of a row
        if (chunk > 0) {
            st[tile].A = total.A;
            st[tile].H = total.H;
            __threadfence();
            st[tile].flag = 1;
            // Look back over this row's earlier chunks until one knows its final state.
            Seg after = {1.0f, 0.0f};  // the chunks passed so far, as one map
            for (int p = tile - 1;; --p) {
                int flag;
                while ((flag = st[p].flag) == 0) {
                }
                __threadfence();
                if (flag == 2) {
                    carry = fmaf(after.A, st[p].state, after.H);
                    break;
                }
                after = seg_then({st[p].A, st[p].H}, after);
            }
        }
        st[tile].state = fmaf(total.A, carry, total.H);
        __threadfence();
        st[tile].flag = 2;
        carry_shared = carry;
    }
    __syncthreads();
    const float state = fmaf(before.A, carry_shared, before.H);
    if (full)
        store_items4(h + base, t0, av, xv, state);
    else
        store_items(h + base, t0, L, av, xv, state);
}

extern "C" void solve(const float* a, const float* x, float* h, int B, int L) {
    static TileStatus* status = nullptr;
    static int capacity = 0;
    const int chunks = (L + CHUNK - 1) / CHUNK;
    const int tiles = B * chunks;
    if (tiles + 1 > capacity) {
        cudaFree(status);
        status = nullptr;
        capacity = 0;
        if (cudaMalloc(&status, (tiles + 1) * sizeof(TileStatus)) != cudaSuccess) return;
        capacity = tiles + 1;
    }
    // Flags and the ticket counter (kept in the status slot after the last tile) start at zero.
    unsigned int* ticket = reinterpret_cast<unsigned int*>(status + tiles);
    cudaMemsetAsync(status, 0, (tiles + 1) * sizeof(TileStatus));
    recurrence_best<<<tiles, THREADS>>>(a, x, h, status, ticket, L, chunks, L % 4 == 0);
}
