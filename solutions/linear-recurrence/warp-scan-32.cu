// Warp per row, one step per lane: the recurrence is a composition of affine maps h -> a * h + x,
// which is associative, so a warp takes its row 32 steps at a time: lane i loads step i of the
// stretch (coalesced), the warp scans the 32 maps with shuffles, applies the scanned map to the
// carried state and stores; the last lane's state carries into the next 32 steps.
//
// Each 32 steps cost a full round trip: the loads (nothing else is in flight: the warp waits for
// them), five dependent shuffle levels and the carry broadcast, and there are only B warps (256
// at the ranking size, two per SM). warp-per-row amortises the same round trip over 256 steps by
// giving each lane 8 steps; this one pays it 8 times as often, so several times slower than it,
// but still far ahead of a thread walking a row alone.
#include <cuda_runtime.h>

#define WARPS_PER_BLOCK 4

// A stretch of the recurrence as an affine map of the state before it: h_out = A * h_in + H.
struct Seg {
    float A, H;
};

// `first` then `then`: h -> then.A * (first.A * h + first.H) + then.H.
__device__ __forceinline__ Seg seg_then(Seg first, Seg then) {
    return {first.A * then.A, fmaf(then.A, first.H, then.H)};
}

__global__ void recurrence_warp_scan_32(const float* a, const float* x, float* h, int B, int L) {
    const int row = blockIdx.x * WARPS_PER_BLOCK + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= B) return;  // whole warps leave together
    const float* ar = a + (size_t)row * L;
    const float* xr = x + (size_t)row * L;
    float* hr = h + (size_t)row * L;
    float carry = 0.0f;  // the state before the stretch
    // One stretch at a time: the compiler is kept from unrolling this loop and fetching the next
    // stretch early, so each 32 steps pay their own round trip, the cost this rung shows.
#pragma unroll 1
    for (int t0 = 0; t0 < L; t0 += 32) {
        const int t = t0 + lane;
        // Past L a lane holds the identity map; a[0] is not used (h[0] = x[0]).
        Seg s = t < L ? Seg{t == 0 ? 0.0f : ar[t], xr[t]} : Seg{1.0f, 0.0f};
        // Inclusive scan of the lanes' maps.
#pragma unroll
        for (int off = 1; off < 32; off *= 2) {
            const float A = __shfl_up_sync(0xffffffffu, s.A, off);
            const float H = __shfl_up_sync(0xffffffffu, s.H, off);
            if (lane >= off) s = seg_then({A, H}, s);
        }
        const float state = fmaf(s.A, carry, s.H);
        if (t < L) hr[t] = state;
        carry = __shfl_sync(0xffffffffu, state, 31);  // the stretch's last state (identity past L)
    }
}

extern "C" void solve(const float* a, const float* x, float* h, int B, int L) {
    recurrence_warp_scan_32<<<(B + WARPS_PER_BLOCK - 1) / WARPS_PER_BLOCK, 32 * WARPS_PER_BLOCK>>>(a, x, h, B, L);
}
