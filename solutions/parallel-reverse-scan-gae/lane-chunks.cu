// Warp per row, a long chunk per lane: the row is cut into 32 contiguous chunks of S / 32 steps
// (2,048 at the ranking size). Each lane walks its chunk backwards once to compose its steps'
// affine maps a -> delta[t] + c * a into one (c^len, H), the warp scans the 32 chunk maps from
// lane 31 down with shuffles, and each lane walks its chunk backwards again from the advantage
// after it, writing A[t].
//
// The scan is done once per row instead of once per 256 steps (warp-per-row), but each lane walks
// alone: the 32 lanes of a warp read 32 places 8 KiB apart (uncoalesced, 32 cache lines a load),
// every step waits for the one before it, and the chunk is read twice. Like thread-per-row with
// 32 times the threads and a 32nd of the steps each, twice: a few hundred microseconds, slower
// than warp-per-row, faster than warp-scan-32's round trip per 32 steps.
#include <cuda_runtime.h>

#define WARPS_PER_BLOCK 4

// A stretch of steps as a map of the advantage after it: before = A * after + H.
struct Seg {
    float A, H;
};

// `earlier` applied after `later` (time runs backwards): before = earlier(later(after)).
__device__ __forceinline__ Seg seg_compose(Seg earlier, Seg later) {
    return {earlier.A * later.A, fmaf(earlier.A, later.H, earlier.H)};
}

__global__ void gae_lane_chunks(const float* rewards, const float* values, float* advantages, float gamma, float c,
                                int B, int S) {
    const int row = blockIdx.x * WARPS_PER_BLOCK + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= B) return;  // whole warps leave together
    const float* r = rewards + (size_t)row * S;
    const float* v = values + (size_t)row * S;
    float* out = advantages + (size_t)row * S;
    const int chunk = (S + 31) / 32;
    const int begin = min(lane * chunk, S), end = min(begin + chunk, S);  // empty past S
    const float after_value = end < S ? v[end] : 0.0f;                    // v[S] = 0

    // Walk 1: this lane's steps composed, from its last step to its first.
    Seg s = {1.0f, 0.0f};
    float next_value = after_value;
    for (int t = end - 1; t >= begin; --t) {
        const float vt = v[t];
        s = seg_compose({c, r[t] + gamma * next_value - vt}, s);
        next_value = vt;
    }
    // Inclusive scan of the lanes' maps from lane 31 down: lane i gets lanes i .. 31 composed.
#pragma unroll
    for (int off = 1; off < 32; off *= 2) {
        const float A = __shfl_down_sync(0xffffffffu, s.A, off);
        const float H = __shfl_down_sync(0xffffffffu, s.H, off);
        if (lane + off < 32) s = seg_compose(s, {A, H});
    }
    // The advantage after this lane's chunk: the next lane's inclusive map applied to A[S] = 0.
    const float H_after = __shfl_down_sync(0xffffffffu, s.H, 1);
    float state = lane == 31 ? 0.0f : H_after;

    // Walk 2: the same steps again, now writing the advantages.
    next_value = after_value;
    for (int t = end - 1; t >= begin; --t) {
        const float vt = v[t];
        state = fmaf(c, state, r[t] + gamma * next_value - vt);
        out[t] = state;
        next_value = vt;
    }
}

extern "C" void solve(const float* rewards, const float* values, float* advantages, float gamma, float lam, int B,
                      int S) {
    gae_lane_chunks<<<(B + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK, 32 * WARPS_PER_BLOCK>>>(rewards, values, advantages,
                                                                                           gamma, gamma * lam, B, S);
}
