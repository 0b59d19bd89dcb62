// Warp per row: the recurrence is a composition of affine maps h -> a * h + x, which is
// associative, so a warp scans its row in segments of 32 x 8 steps: each lane combines its 8
// consecutive steps into one map, the warp scans the 32 maps with shuffles, and each lane replays
// its 8 steps from the state its prefix gives. The segment's last state carries into the next.
//
// 32 lanes share each row's work, but there are only B warps (256 at the ranking size, two per
// SM), and each lane's 8 loads are 32 bytes apart from its neighbours'.
#include <cuda_runtime.h>

#define ITEMS 8

// A stretch of the recurrence as an affine map of the state before it: h_out = A * h_in + H.
struct Seg {
    float A, H;
};

// `first` then `then`: h -> then.A * (first.A * h + first.H) + then.H.
__device__ __forceinline__ Seg seg_then(Seg first, Seg then) {
    return {first.A * then.A, fmaf(then.A, first.H, then.H)};
}

__global__ void recurrence_warp(const float* a, const float* x, float* h, int B, int L) {
    const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= B) return;  // whole warps leave together
    const float* ar = a + (size_t)row * L;
    const float* xr = x + (size_t)row * L;
    float* hr = h + (size_t)row * L;
    float carry = 0.0f;  // the state before the segment
    for (int seg = 0; seg < L; seg += 32 * ITEMS) {
        const int t0 = seg + lane * ITEMS;
        float av[ITEMS], xv[ITEMS];
        Seg s = {1.0f, 0.0f};
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            const int t = t0 + j;
            av[j] = t < L ? (t == 0 ? 0.0f : ar[t]) : 1.0f;
            xv[j] = t < L ? xr[t] : 0.0f;
            s = seg_then(s, {av[j], xv[j]});
        }
        // Inclusive scan of the lanes' maps.
#pragma unroll
        for (int off = 1; off < 32; off *= 2) {
            const float A = __shfl_up_sync(0xffffffffu, s.A, off);
            const float H = __shfl_up_sync(0xffffffffu, s.H, off);
            if (lane >= off) s = seg_then({A, H}, s);
        }
        // The state before this lane's items: the previous lane's inclusive map applied to carry.
        const float A = __shfl_up_sync(0xffffffffu, s.A, 1);
        const float H = __shfl_up_sync(0xffffffffu, s.H, 1);
        float state = lane == 0 ? carry : fmaf(A, carry, H);
#pragma unroll
        for (int j = 0; j < ITEMS; ++j) {
            state = fmaf(av[j], state, xv[j]);
            if (t0 + j < L) hr[t0 + j] = state;
        }
        carry = __shfl_sync(0xffffffffu, state, 31);  // the segment's last state (identity past L)
    }
}

extern "C" void solve(const float* a, const float* x, float* h, int B, int L) {
    const int warps_per_block = 4;
    recurrence_warp<<<(B + warps_per_block - 1) / warps_per_block, 32 * warps_per_block>>>(a, x, h, B, L);
}
