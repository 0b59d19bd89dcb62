// Warp per row, one step per lane: the backward recurrence is a composition of affine maps
// a -> delta[t] + c * a (c = gamma * lam), which is associative, so a warp takes its row 32 steps
// at a time from the end: lane i loads step i of the stretch (coalesced, with v[t + 1] beside it),
// the warp scans the 32 maps from lane 31 down with shuffles, applies each lane's scanned map to
// the advantage carried from the stretch after it and stores; lane 0's advantage carries on.
//
// Each 32 steps cost a full round trip: the loads (nothing else is in flight: the warp waits for
// them), five dependent shuffle levels and the carry broadcast, and there are only B warps (256
// at the ranking size, two per SM). warp-per-row amortises the same round trip over 256 steps by
// giving each lane 8 steps; this one pays it 8 times as often, so several times slower than it,
// but still far ahead of a thread walking a row alone.
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

__global__ void gae_warp_scan_32(const float* rewards, const float* values, float* advantages, float gamma, float c,
                                 int B, int S) {
    const int row = blockIdx.x * WARPS_PER_BLOCK + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= B) return;  // whole warps leave together
    const float* r = rewards + (size_t)row * S;
    const float* v = values + (size_t)row * S;
    float* out = advantages + (size_t)row * S;
    float carry = 0.0f;  // the advantage after the stretch: A[S] = 0
    // One stretch at a time: the compiler is kept from unrolling this loop and fetching the next
    // stretch early, so each 32 steps pay their own round trip, the cost this rung shows.
#pragma unroll 1
    for (int t0 = (S - 1) / 32 * 32; t0 >= 0; t0 -= 32) {
        const int t = t0 + lane;
        Seg s = {1.0f, 0.0f};  // steps past S are the identity
        if (t < S) {
            const float next_value = t + 1 < S ? v[t + 1] : 0.0f;  // v[S] = 0
            s = {c, r[t] + gamma * next_value - v[t]};
        }
        // Inclusive scan of the lanes' maps from lane 31 down: lane i gets lanes i .. 31 composed.
#pragma unroll
        for (int off = 1; off < 32; off *= 2) {
            const float A = __shfl_down_sync(0xffffffffu, s.A, off);
            const float H = __shfl_down_sync(0xffffffffu, s.H, off);
            if (lane + off < 32) s = seg_compose(s, {A, H});
        }
        const float state = fmaf(s.A, carry, s.H);  // A[t]
        if (t < S) out[t] = state;
        carry = __shfl_sync(0xffffffffu, state, 0);  // A at the stretch's first step
    }
}

extern "C" void solve(const float* rewards, const float* values, float* advantages, float gamma, float lam, int B,
                      int S) {
    gae_warp_scan_32<<<(B + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK, 32 * WARPS_PER_BLOCK>>>(rewards, values, advantages,
                                                                                            gamma, gamma * lam, B, S);
}
