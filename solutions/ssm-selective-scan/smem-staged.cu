// Staged B and C: a block takes 128 neighbouring channels of one batch, which all use the same
// rows of B and C; it stages 32 steps of them at a time in shared memory (one coalesced load
// instead of every thread fetching every value from global memory) and reads them back four
// states at a time (float4). The recurrence is still one thread per channel over all seq_len steps.
#include <cuda_runtime.h>

#define THREADS 128
#define TT 32  // steps whose B and C rows are staged at once

struct Problem {
  const float *u, *delta, *A, *B, *C, *skip;
  float* y;
  int batch, seq_len, d_model, d_state;
};

// Rows t0 .. t0 + count - 1 of B (or C) for batch b into dst[tt * S + n], zeros past d_state.
template <int S>
__device__ __forceinline__ void stage_rows(const Problem& p, const float* src, float* dst, int b, int t0, int count) {
  for (int e = threadIdx.x; e < TT * S; e += THREADS) {
    const int tt = e / S, n = e % S;
    dst[e] = (tt < count && n < p.d_state) ? src[((size_t)b * p.seq_len + t0 + tt) * p.d_state + n] : 0.0f;
  }
}

// Steps [t_begin, t_end) of channel d (every thread of the block calls it: the staging needs them
// all). h holds this thread's NS states, from state n0 on; a their A * log2(e). With OUT, writes y
// (the skip term added by the first thread of the channel); always adds the deltas to dsum.
template <int S, int NS, bool OUT>
__device__ void run_steps(const Problem& p, float* h, const float* a, int b, int d, bool store, int n0, int t_begin,
                          int t_end, float sk, float& dsum) {
  __shared__ __align__(16) float sB[TT * S];
  __shared__ __align__(16) float sC[TT * S];
  for (int t0 = t_begin; t0 < t_end; t0 += TT) {
    const int count = min(TT, t_end - t0);
    __syncthreads();  // the previous tile is consumed
    stage_rows<S>(p, p.B, sB, b, t0, count);
    if (OUT) stage_rows<S>(p, p.C, sC, b, t0, count);
    __syncthreads();
    for (int tt = 0; tt < count; ++tt) {
      const size_t at = ((size_t)b * p.seq_len + t0 + tt) * p.d_model + d;
      const float dt = p.delta[at], ut = p.u[at], du = dt * ut;
      dsum += dt;
      const float4* b4 = reinterpret_cast<const float4*>(sB + tt * S + n0);
      const float4* c4 = reinterpret_cast<const float4*>(sC + tt * S + n0);
      float sum = 0.0f;
#pragma unroll
      for (int q = 0; q < NS / 4; ++q) {
        const float4 bv = b4[q];
        const float bb[4] = {bv.x, bv.y, bv.z, bv.w};
        float cc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        if (OUT) {
          const float4 cv = c4[q];
          cc[0] = cv.x;
          cc[1] = cv.y;
          cc[2] = cv.z;
          cc[3] = cv.w;
        }
#pragma unroll
        for (int k = 0; k < 4; ++k) {
          const int n = 4 * q + k;
          const float x = dt * a[n];
          h[n] = exp2f(x) * h[n] + du * bb[k];
          if (OUT) sum += cc[k] * h[n];
        }
      }
      if (OUT) {
        if (store) p.y[at] = sum + sk * ut;
      }
    }
  }
}

// One block: THREADS neighbouring channels of one batch, the whole sequence.
template <int S>
__global__ void __launch_bounds__(THREADS) ssm_scan(Problem p) {
  const int b = blockIdx.y;
  const int d_raw = blockIdx.x * THREADS + threadIdx.x;
  const int d = min(d_raw, p.d_model - 1);  // spare threads shadow the last channel, store nothing
  const int n0 = 0;
  const bool store = d_raw < p.d_model;
  float h[S], a[S];
#pragma unroll
  for (int n = 0; n < S; ++n) {
    h[n] = 0.0f;
    a[n] = n0 + n < p.d_state ? p.A[d * p.d_state + n0 + n] * 1.44269504088896341f : 0.0f;
  }
  float dsum = 0.0f;
  run_steps<S, S, true>(p, h, a, b, d, store, n0, 0, p.seq_len, p.skip[d], dsum);
}

extern "C" void solve(const float* u, const float* delta, const float* A, const float* B, const float* C,
                      const float* skip, float* y, int batch, int seq_len, int d_model, int d_state) {
  const Problem p = {u, delta, A, B, C, skip, y, batch, seq_len, d_model, d_state};
  const dim3 grid((d_model + THREADS - 1) / THREADS, batch);
  // d_state rounded up to a compiled size; the extra states have A = B = C = 0 and stay 0.
  if (d_state <= 4) {
    ssm_scan<4><<<grid, THREADS>>>(p);
  } else if (d_state <= 8) {
    ssm_scan<8><<<grid, THREADS>>>(p);
  } else if (d_state <= 16) {
    ssm_scan<16><<<grid, THREADS>>>(p);
  } else if (d_state <= 32) {
    ssm_scan<32><<<grid, THREADS>>>(p);
  } else {
    ssm_scan<64><<<grid, THREADS>>>(p);
  }
}
