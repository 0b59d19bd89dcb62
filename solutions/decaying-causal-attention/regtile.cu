// regtile-full (64 queries per block, 64 keys per step, each thread a 4 x 4 patch of weights and
// 4 x (D/16) output columns in registers, scalar loads) stopping at the block's diagonal tile: the
// key tiles wholly after its queries are skipped, which halves the work.
#include <cuda_runtime.h>

#define BM 64  // queries per block
#define BN 64  // keys per step
#define THREADS 256

template <int D>
__global__ __launch_bounds__(THREADS) void decay_kernel(const float* Q, const float* K, const float* V, float* O, int N,
                                                        int d, float scale, float log2_gamma) {
  extern __shared__ float smem[];
  float* Qs = smem;               // [BM][D + 1]
  float* Ks = Qs + BM * (D + 1);  // [BN][D + 1]
  float* Vs = Ks + BN * (D + 1);  // [BN][D]
  float* Wt = Vs + BN * D;        // [BN][BM + 1], weights transposed: Wt[key][query]
  const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
  const int n0 = blockIdx.x * BM;

  for (int e = tid; e < BM * D; e += THREADS) {
    const int r = e / D, c = e % D;
    Qs[r * (D + 1) + c] = (n0 + r < N && c < d) ? Q[(size_t)(n0 + r) * d + c] : 0.0f;
  }
  // Thread (ty, tx) owns query rows ty*4 + x, weight columns tx + 16*y, output columns tx + 16*c.
  float o[4][D / 16];
  for (int x = 0; x < 4; ++x)
    for (int c = 0; c < D / 16; ++c) o[x][c] = 0.0f;

  const int keys = min(N, n0 + BM);  // tiles past the block's last query are wholly masked
  for (int m0 = 0; m0 < keys; m0 += BN) {
    for (int e = tid; e < BN * D; e += THREADS) {
      const int r = e / D, c = e % D;
      const bool ok = m0 + r < N && c < d;
      Ks[r * (D + 1) + c] = ok ? K[(size_t)(m0 + r) * d + c] : 0.0f;
      Vs[r * D + c] = ok ? V[(size_t)(m0 + r) * d + c] : 0.0f;
    }
    __syncthreads();

    float s[4][4];
    for (int x = 0; x < 4; ++x)
      for (int y = 0; y < 4; ++y) s[x][y] = 0.0f;
#pragma unroll 4
    for (int k = 0; k < D; ++k) {
      float a[4], b[4];
      for (int x = 0; x < 4; ++x) a[x] = Qs[(ty * 4 + x) * (D + 1) + k];
      for (int y = 0; y < 4; ++y) b[y] = Ks[(tx + 16 * y) * (D + 1) + k];
      for (int x = 0; x < 4; ++x)
        for (int y = 0; y < 4; ++y) s[x][y] += a[x] * b[y];
    }
    // Decay and causal mask; rows and keys past N meet only zero-padded V rows or are not stored.
    for (int x = 0; x < 4; ++x) {
      const int n = n0 + ty * 4 + x;
      for (int y = 0; y < 4; ++y) {
        const int m = m0 + tx + 16 * y;
        const float w = m <= n ? s[x][y] * scale * exp2f((float)(n - m) * log2_gamma) : 0.0f;
        Wt[(tx + 16 * y) * (BM + 1) + ty * 4 + x] = w;
      }
    }
    __syncthreads();

#pragma unroll 4
    for (int j = 0; j < BN; ++j) {
      float p[4];
      for (int x = 0; x < 4; ++x) p[x] = Wt[j * (BM + 1) + ty * 4 + x];
      for (int c = 0; c < D / 16; ++c) {
        const float v = Vs[j * D + tx + 16 * c];
        for (int x = 0; x < 4; ++x) o[x][c] += p[x] * v;
      }
    }
    __syncthreads();  // Ks, Vs and Wt are overwritten on the next step
  }

  for (int x = 0; x < 4; ++x) {
    const int r = n0 + ty * 4 + x;
    if (r >= N) continue;
    for (int c = 0; c < D / 16; ++c) {
      const int col = tx + 16 * c;
      if (col < d) O[(size_t)r * d + col] = o[x][c];
    }
  }
}

// One instance per width: NVRTC takes kernel templates launched from plain host code only.
static void launch(int width, const float* Q, const float* K, const float* V, float* O, int N, int d, float gamma) {
  if (width == 64) {
    const size_t smem = sizeof(float) * (BM * (64 + 1) + BN * (64 + 1) + BN * 64 + BN * (BM + 1));
    cudaFuncSetAttribute(decay_kernel<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    decay_kernel<64><<<(N + BM - 1) / BM, THREADS, smem>>>(Q, K, V, O, N, d, 1.0f / sqrtf((float)d), log2f(gamma));
  } else if (width == 128) {
    const size_t smem = sizeof(float) * (BM * (128 + 1) + BN * (128 + 1) + BN * 128 + BN * (BM + 1));
    cudaFuncSetAttribute(decay_kernel<128>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    decay_kernel<128><<<(N + BM - 1) / BM, THREADS, smem>>>(Q, K, V, O, N, d, 1.0f / sqrtf((float)d), log2f(gamma));
  } else {
    const size_t smem = sizeof(float) * (BM * (256 + 1) + BN * (256 + 1) + BN * 256 + BN * (BM + 1));
    cudaFuncSetAttribute(decay_kernel<256>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    decay_kernel<256><<<(N + BM - 1) / BM, THREADS, smem>>>(Q, K, V, O, N, d, 1.0f / sqrtf((float)d), log2f(gamma));
  }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int seq_len, int d_model,
                      float gamma) {
  if (d_model <= 64)
    launch(64, Q, K, V, output, seq_len, d_model, gamma);
  else if (d_model <= 128)
    launch(128, Q, K, V, output, seq_len, d_model, gamma);
  else
    launch(256, Q, K, V, output, seq_len, d_model, gamma);
}
