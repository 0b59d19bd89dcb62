// Warp per row: the backward recurrence is a composition of affine maps a -> delta[t] + c * a,
// which is associative, so a warp scans its row in segments of 32 x 8 steps, starting with the
// last segment: each lane combines its 8 consecutive steps into one map, the warp scans the 32
// maps from the last lane down with shuffles, and each lane replays its 8 steps from the state
// after them. The segment's first state carries into the segment before it.
//
// 32 lanes share each row's work, but there are only B warps (256 at the ranking size, two per
// SM), and each lane's 8 loads are 32 bytes apart from its neighbours'.
#include <cuda_runtime.h>

#define ITEMS 8

// A stretch of steps as a map of the advantage after it: before = A * after + H.
struct Seg {
    float A, H;
};

// `earlier` applied after `later` (time runs backwards): before = earlier(later(after)).
__device__ __forceinline__ Seg seg_compose(Seg earlier, Seg later) {
    return {earlier.A * later.A, fmaf(earlier.A, later.H, earlier.H)};
}

__global__ void gae_warp(const float* rewards, const float* values, float* advantages, float gamma, float c, int B,
                         int S) {
    const int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= B) return;  // whole warps leave together
    const float* r = rewards + (size_t)row * S;
    const float* v = values + (size_t)row * S;
    float* out = advantages + (size_t)row * S;
    const int segments = (S + 32 * ITEMS - 1) / (32 * ITEMS);
    float carry = 0.0f;  // the advantage after the segment: A[S] = 0
    for (int seg = segments - 1; seg >= 0; --seg) {
        const int t0 = seg * 32 * ITEMS + lane * ITEMS;
        float delta[ITEMS];
        float next_value = t0 + ITEMS < S ? v[t0 + ITEMS] : 0.0f;  // v[S] = 0
        Seg s = {1.0f, 0.0f};
#pragma unroll
        for (int j = ITEMS - 1; j >= 0; --j) {
            const int t = t0 + j;
            const float vt = t < S ? v[t] : 0.0f;
            delta[j] = t < S ? r[t] + gamma * next_value - vt : 0.0f;
            if (t < S) s = seg_compose({c, delta[j]}, s);  // steps past S are the identity
            next_value = vt;
        }
        // Inclusive scan of the lanes' maps from lane 31 down: lane i gets lanes i .. 31 composed.
#pragma unroll
        for (int off = 1; off < 32; off *= 2) {
            const float A = __shfl_down_sync(0xffffffffu, s.A, off);
            const float H = __shfl_down_sync(0xffffffffu, s.H, off);
            if (lane + off < 32) s = seg_compose(s, {A, H});
        }
        // The advantage after this lane's items: the next lane's inclusive map applied to carry.
        const float A = __shfl_down_sync(0xffffffffu, s.A, 1);
        const float H = __shfl_down_sync(0xffffffffu, s.H, 1);
        float state = lane == 31 ? carry : fmaf(A, carry, H);
#pragma unroll
        for (int j = ITEMS - 1; j >= 0; --j) {
            if (t0 + j < S) {
                state = fmaf(c, state, delta[j]);
                out[t0 + j] = state;
            }
        }
        carry = __shfl_sync(0xffffffffu, state, 0);  // A at the segment's first step
    }
}

extern "C" void solve(const float* rewards, const float* values, float* advantages, float gamma, float lam, int B,
                      int S) {
    const int warps_per_block = 4;
    gae_warp<<<(B + warps_per_block - 1) / warps_per_block, 32 * warps_per_block>>>(rewards, values, advantages, gamma,
                                                                                  gamma * lam, B, S);
}
