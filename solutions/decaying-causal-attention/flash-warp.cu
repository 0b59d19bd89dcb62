// Fused, one warp per query and 8 queries per block, no scratch: the block stages 32 keys of K
// and V in shared memory up to its last query's position (later tiles are all masked), each lane
// forms one key's decayed weight, and each lane accumulates d_model / 32 output columns from the
// warp's 32 weights. The 8 queries share every staged row; each multiply-add still needs a
// shared load.
#include <cuda_runtime.h>

#define WARPS 8
#define KT 32  // keys per tile: one per lane

template <int D>
__global__ __launch_bounds__(WARPS * 32) void flash_warp_kernel(const float* Q, const float* K, const float* V,
                                                                float* O, int N, int d, float scale, float log2_gamma) {
  extern __shared__ float smem[];
  float* qs = smem;               // [WARPS][D]
  float* Ks = qs + WARPS * D;     // [KT][D + 1]: lane j reads row j, the +1 spreads the banks
  float* Vs = Ks + KT * (D + 1);  // [KT][D]
  float* ws = Vs + KT * D;        // [WARPS][KT]
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  const int n = blockIdx.x * WARPS + warp;  // this warp's query (may be >= N in the last block)

  for (int t = lane; t < D; t += 32) qs[warp * D + t] = (n < N && t < d) ? Q[(size_t)n * d + t] : 0.0f;
  float o[D / 32];
  for (int u = 0; u < D / 32; ++u) o[u] = 0.0f;

  const int keys = min(N, (int)(blockIdx.x + 1) * WARPS);  // the block's last query sees these
  for (int m0 = 0; m0 < keys; m0 += KT) {
    __syncthreads();  // the previous tile is no longer in use
    for (int e = tid; e < KT * D; e += WARPS * 32) {
      const int r = e / D, c = e % D;
      const bool ok = m0 + r < N && c < d;
      Ks[r * (D + 1) + c] = ok ? K[(size_t)(m0 + r) * d + c] : 0.0f;
      Vs[r * D + c] = ok ? V[(size_t)(m0 + r) * d + c] : 0.0f;
    }
    __syncthreads();

    float s = 0.0f;
    for (int t = 0; t < d; ++t) s += qs[warp * D + t] * Ks[lane * (D + 1) + t];
    const int m = m0 + lane;
    ws[warp * KT + lane] = m <= n ? s * scale * exp2f((float)(n - m) * log2_gamma) : 0.0f;  // causal mask
    __syncwarp();
    const int len = min(KT, N - m0);
    for (int mm = 0; mm < len; ++mm) {
      const float wj = ws[warp * KT + mm];
      for (int u = 0; u < D / 32; ++u) o[u] += wj * Vs[mm * D + lane + 32 * u];
    }
    __syncwarp();  // ws is rewritten on the next tile
  }
  if (n < N) {
    for (int u = 0; u < D / 32; ++u) {
      const int c = lane + 32 * u;
      if (c < d) O[(size_t)n * d + c] = o[u];
    }
  }
}

// One instance per width: NVRTC takes kernel templates launched from plain host code only.
static void launch(int width, const float* Q, const float* K, const float* V, float* O, int N, int d, float gamma) {
  if (width == 64) {
    const size_t smem = sizeof(float) * (WARPS * 64 + KT * (64 + 1) + KT * 64 + WARPS * KT);
    cudaFuncSetAttribute(flash_warp_kernel<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    flash_warp_kernel<64>
        <<<(N + WARPS - 1) / WARPS, WARPS * 32, smem>>>(Q, K, V, O, N, d, 1.0f / sqrtf((float)d), log2f(gamma));
  } else if (width == 128) {
    const size_t smem = sizeof(float) * (WARPS * 128 + KT * (128 + 1) + KT * 128 + WARPS * KT);
    cudaFuncSetAttribute(flash_warp_kernel<128>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    flash_warp_kernel<128>
        <<<(N + WARPS - 1) / WARPS, WARPS * 32, smem>>>(Q, K, V, O, N, d, 1.0f / sqrtf((float)d), log2f(gamma));
  } else {
    const size_t smem = sizeof(float) * (WARPS * 256 + KT * (256 + 1) + KT * 256 + WARPS * KT);
    cudaFuncSetAttribute(flash_warp_kernel<256>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    flash_warp_kernel<256>
        <<<(N + WARPS - 1) / WARPS, WARPS * 32, smem>>>(Q, K, V, O, N, d, 1.0f / sqrtf((float)d), log2f(gamma));
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
