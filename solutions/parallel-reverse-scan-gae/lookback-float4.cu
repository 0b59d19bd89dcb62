// Decoupled look-back with float4: as lookback, but a thread whose 8 steps lie inside the row (and
// S % 4 == 0, so they start 16-byte aligned) loads them as two float4s of r and two of v (plus the
// one next value after them) and stores its advantages as two float4s; other threads fall back to
// scalar loads.
//
// A quarter of the memory instructions, and each lane's 32 bytes arrive in two requests instead of
// eight.
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
// returns their combined map; steps past S are the identity. `vec`: the steps lie inside the row
// and start 16-byte aligned, so r and v are read as float4s.
__device__ __forceinline__ Seg load_items(const float* r, const float* v, int t0, int S, float gamma, float c,
                                          float (&delta)[ITEMS], bool vec) {
    float rv[ITEMS], vv[ITEMS];
    if (vec) {
#pragma unroll
        for (int j = 0; j < ITEMS; j += 4) {
            const float4 r4 = *reinterpret_cast<const float4*>(r + t0 + j);
            const float4 v4 = *reinterpret_cast<const float4*>(v + t0 + j);
            rv[j] = r4.x, rv[j + 1] = r4.y, rv[j + 2] = r4.z, rv[j + 3] = r4.w;
            vv[j] = v4.x, vv[j + 1] = v4.y, vv[j + 2] = v4.z, vv[j + 3] = v4.w;
        }
    } else {
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            rv[j] = t0 + j < S ? r[t0 + j] : 0.0f;
            vv[j] = t0 + j < S ? v[t0 + j] : 0.0f;
        }
    }
    float next_value = t0 + ITEMS < S ? v[t0 + ITEMS] : 0.0f;
    Seg s = {1.0f, 0.0f};
#pragma unroll
    for (int j = ITEMS - 1; j >= 0; --j) {
        const bool inside = t0 + j < S;
        delta[j] = inside ? rv[j] + gamma * next_value - vv[j] : 0.0f;
        if (inside) s = seg_compose({c, delta[j]}, s);
        next_value = vv[j];
    }
    return s;
}

// Runs the steps backwards from the advantage `after` them and stores them (as float4s when `vec`).
__device__ __forceinline__ void store_items(float* out, int t0, int S, float c, const float (&delta)[ITEMS],
                                            float after, bool vec) {
    float a[ITEMS];
#pragma unroll
    for (int j = ITEMS - 1; j >= 0; --j) {
        if (t0 + j < S) after = fmaf(c, after, delta[j]);  // steps past S are the identity
        a[j] = after;
    }
    if (vec) {
#pragma unroll
        for (int j = 0; j < ITEMS; j += 4)
            *reinterpret_cast<float4*>(out + t0 + j) = make_float4(a[j], a[j + 1], a[j + 2], a[j + 3]);
    } else {
#pragma unroll
        for (int j = 0; j < ITEMS; ++j)
            if (t0 + j < S) out[t0 + j] = a[j];
    }
}

// What a chunk has published: flag 0 nothing yet, 1 its own map (A, H), 2 also the advantage at its
// first step.
struct TileStatus {
    int flag;
    float A, H, state;
};

__global__ void __launch_bounds__(THREADS) gae_lookback4(const float* rewards, const float* values, float* advantages,
                                                         TileStatus* status, unsigned int* ticket, float gamma, float c,
                                                         int S, int chunks, bool aligned) {
    // Tickets are taken in the order blocks start, so every chunk a block waits for belongs to a
    // block that is already running: the wait always ends.
    __shared__ int tile_shared;
    __shared__ float carry_shared;
    if (threadIdx.x == 0) tile_shared = (int)atomicAdd(ticket, 1u);
    __syncthreads();
    const int tile = tile_shared;
    const int row = tile / chunks, from_end = tile % chunks;
    const int chunk = chunks - 1 - from_end;
    const size_t base = (size_t)row * S;
    const int t0 = chunk * CHUNK + threadIdx.x * ITEMS;
    const bool vec = aligned && t0 + ITEMS <= S;
    float delta[ITEMS];
    const Seg mine = load_items(rewards + base, values + base, t0, S, gamma, c, delta, vec);
    Seg total;
    const Seg after = block_exclusive_suffix_scan(mine, total);

    if (threadIdx.x == 0) {
        volatile TileStatus* st = status;
        float carry = 0.0f;  // the advantage after the chunk: A[S] = 0 for the row's last chunk
        if (from_end > 0) {
            st[tile].A = total.A;
            st[tile].H = total.H;
            __threadfence();
            st[tile].flag = 1;
            // Look over this row's later chunks until one knows the advantage at its first step.
            Seg between = {1.0f, 0.0f};  // the chunks passed so far, as one map
            for (int p = tile - 1;; --p) {
                int flag;
                while ((flag = st[p].flag) == 0) {
                }
                __threadfence();
                if (flag == 2) {
                    carry = fmaf(between.A, st[p].state, between.H);
                    break;
                }
                between = seg_compose(between, {st[p].A, st[p].H});
            }
        }
        st[tile].state = fmaf(total.A, carry, total.H);
        __threadfence();
        st[tile].flag = 2;
        carry_shared = carry;
    }
    __syncthreads();
    store_items(advantages + base, t0, S, c, delta, fmaf(after.A, carry_shared, after.H), vec);
}

extern "C" void solve(const float* rewards, const float* values, float* advantages, float gamma, float lam, int B,
                      int S) {
    static TileStatus* status = nullptr;
    static int capacity = 0;
    const int chunks = (S + CHUNK - 1) / CHUNK;
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
    gae_lookback4<<<tiles, THREADS>>>(rewards, values, advantages, status, ticket, gamma, gamma * lam, S, chunks,
                                           S % 4 == 0);
}
