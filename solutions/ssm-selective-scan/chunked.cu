// Chunked over time: the sequence is cut into chunks of 256 steps, so 16 times more threads work at
// once (batch x d_model x chunks). Pass 1 runs each chunk from a zero state and keeps its end state
// and its sum of deltas (the chunk multiplies any incoming state by exp(A sum delta)); pass 2
// carries the true state from chunk to chunk, one thread per channel; pass 3 reruns every chunk
// from its true start and writes y. Staged B and C and exp2f as in smem-staged.
#include <cuda_runtime.h>

#define THREADS 128
#define TT 32      // steps whose B and C rows are staged at once
#define CHUNK 256  // steps per chunk

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

// Pass 1, block = (channels, chunk c, batch b): the chunk's end state from a zero start
// (summary[b][c][n][d]) and its sum of deltas (dsum[b][c][d]): across the chunk the state is
// multiplied by prod_t exp(delta_t A) = exp(A sum_t delta_t), so these two describe the whole chunk.
template <int S>
__global__ void __launch_bounds__(THREADS) chunk_summary(Problem p, float* summary, float* dsums, int chunks) {
  const int c = blockIdx.y, b = blockIdx.z;
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
  const int t_begin = c * CHUNK, t_end = min(p.seq_len, t_begin + CHUNK);
  run_steps<S, S, false>(p, h, a, b, d, store, n0, t_begin, t_end, 0.0f, dsum);
  if (d_raw < p.d_model) {
    const size_t base = (size_t)b * chunks + c;
#pragma unroll
    for (int n = 0; n < S; ++n) summary[(base * S + n0 + n) * p.d_model + d] = h[n];
    if (n0 == 0) dsums[base * p.d_model + d] = dsum;
  }
}

// Pass 2, one thread per (batch, channel): the state entering each chunk, chunk after chunk,
// written over that chunk's summary.
template <int S>
__global__ void carry(Problem p, float* summary, const float* dsums, int chunks) {
  const int item = blockIdx.x * blockDim.x + threadIdx.x;
  if (item >= p.batch * p.d_model) return;
  const int b = item / p.d_model, d = item % p.d_model;
  for (int n = 0; n < p.d_state; ++n) {
    const float a = p.A[d * p.d_state + n] * 1.44269504088896341f;
    float H = 0.0f;
    for (int c = 0; c < chunks; ++c) {
      const size_t base = (size_t)b * chunks + c;
      const size_t at = (base * S + n) * p.d_model + d;
      const float end = summary[at];
      summary[at] = H;
      H = exp2f(a * dsums[base * p.d_model + d]) * H + end;
    }
  }
}

// Pass 3: every chunk again from its true starting state, now writing y.
template <int S>
__global__ void __launch_bounds__(THREADS) chunk_output(Problem p, const float* start, int chunks) {
  const int c = blockIdx.y, b = blockIdx.z;
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
  const size_t base = (size_t)b * chunks + c;
#pragma unroll
  for (int n = 0; n < S; ++n) h[n] = start[(base * S + n0 + n) * p.d_model + d];
  const int t_begin = c * CHUNK, t_end = min(p.seq_len, t_begin + CHUNK);
  run_steps<S, S, true>(p, h, a, b, d, store, n0, t_begin, t_end, p.skip[d], dsum);
}

static float* scratch = nullptr;  // chunk summaries, then the chunks' deltas sums
static size_t scratch_size = 0;

extern "C" void solve(const float* u, const float* delta, const float* A, const float* B, const float* C,
                      const float* skip, float* y, int batch, int seq_len, int d_model, int d_state) {
  const Problem p = {u, delta, A, B, C, skip, y, batch, seq_len, d_model, d_state};
  const int chunks = (seq_len + CHUNK - 1) / CHUNK;
  const size_t words = (size_t)batch * chunks * d_model * (64 + 1);  // room for the largest S
  if (words > scratch_size) {                                        // grown once to the largest problem seen
    cudaFree(scratch);
    cudaMalloc(&scratch, words * sizeof(float));
    scratch_size = words;
  }
  float* summary = scratch;
  float* dsums = scratch + (size_t)batch * chunks * d_model * 64;
  const dim3 grid((d_model + THREADS - 1) / THREADS, chunks, batch);
  // d_state rounded up to a compiled size; the extra states have A = B = C = 0 and stay 0.
  if (d_state <= 4) {
    chunk_summary<4><<<grid, THREADS>>>(p, summary, dsums, chunks);
    carry<4><<<(batch * d_model + 127) / 128, 128>>>(p, summary, dsums, chunks);
    chunk_output<4><<<grid, THREADS>>>(p, summary, chunks);
  } else if (d_state <= 8) {
    chunk_summary<8><<<grid, THREADS>>>(p, summary, dsums, chunks);
    carry<8><<<(batch * d_model + 127) / 128, 128>>>(p, summary, dsums, chunks);
    chunk_output<8><<<grid, THREADS>>>(p, summary, chunks);
  } else if (d_state <= 16) {
    chunk_summary<16><<<grid, THREADS>>>(p, summary, dsums, chunks);
    carry<16><<<(batch * d_model + 127) / 128, 128>>>(p, summary, dsums, chunks);
    chunk_output<16><<<grid, THREADS>>>(p, summary, chunks);
  } else if (d_state <= 32) {
    chunk_summary<32><<<grid, THREADS>>>(p, summary, dsums, chunks);
    carry<32><<<(batch * d_model + 127) / 128, 128>>>(p, summary, dsums, chunks);
    chunk_output<32><<<grid, THREADS>>>(p, summary, chunks);
  } else {
    chunk_summary<64><<<grid, THREADS>>>(p, summary, dsums, chunks);
    carry<64><<<(batch * d_model + 127) / 128, 128>>>(p, summary, dsums, chunks);
    chunk_output<64><<<grid, THREADS>>>(p, summary, chunks);
  }
}
