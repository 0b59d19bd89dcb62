// WRONG: float4 whose last block stores all 64 of its query rows without checking r < N, so
// with seq_len = 3 (example 1) it writes rows 3..63 past the end of output.
#include <cuda_runtime.h>

#define BM 64  // queries per block
#define BN 64  // keys per step
#define THREADS 256

// rows [row0, row0 + 64) of a (rows x d) matrix into dst[64][D + 4], zeros outside the matrix.
template <int D>
__device__ void load_tile(float* dst, const float* src, int row0, int rows, int d, bool vec) {
  if (vec) {
    for (int e = threadIdx.x; e < 64 * (D / 4); e += THREADS) {
      const int r = e / (D / 4), c = (e % (D / 4)) * 4;
      float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
      if (row0 + r < rows && c < d) v = *reinterpret_cast<const float4*>(src + (size_t)(row0 + r) * d + c);
      *reinterpret_cast<float4*>(dst + r * (D + 4) + c) = v;
    }
  } else {
    for (int e = threadIdx.x; e < 64 * D; e += THREADS) {
      const int r = e / D, c = e % D;
      dst[r * (D + 4) + c] = (row0 + r < rows && c < d) ? src[(size_t)(row0 + r) * d + c] : 0.0f;
    }
  }
}

template <int D>
__global__ __launch_bounds__(THREADS) void decay_kernel(const float* Q, const float* K, const float* V, float* O, int N,
                                                        int d, float scale, float log2_gamma) {
  extern __shared__ float4 smem4[];
  float* Qs = reinterpret_cast<float*>(smem4);  // [BM][D + 4]
  float* Ks = Qs + BM * (D + 4);                // [BN][D + 4]
  float* Vs = Ks + BN * (D + 4);                // [BN][D + 4]
  float* Wt = Vs + BN * (D + 4);                // [BN][BM + 4], weights transposed
  const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
  const int n0 = blockIdx.x * BM;
  const bool vec = d % 4 == 0;  // rows start on 16-byte boundaries

  load_tile<D>(Qs, Q, n0, N, d, vec);
  // Thread (ty, tx) owns query rows ty*4 + x, weight columns tx + 16*y and output columns
  // tx*4 + 64*g + e (index 4*g + e of o).
  float o[4][D / 16];
  for (int x = 0; x < 4; ++x)
    for (int c = 0; c < D / 16; ++c) o[x][c] = 0.0f;

  const int keys = min(N, n0 + BM);  // tiles past the block's last query are wholly masked
  for (int m0 = 0; m0 < keys; m0 += BN) {
    load_tile<D>(Ks, K, m0, N, d, vec);
    load_tile<D>(Vs, V, m0, N, d, vec);
    __syncthreads();

    float s[4][4];
    for (int x = 0; x < 4; ++x)
      for (int y = 0; y < 4; ++y) s[x][y] = 0.0f;
#pragma unroll 2
    for (int k = 0; k < D; k += 4) {
      float4 a[4], b[4];
      for (int x = 0; x < 4; ++x) a[x] = *reinterpret_cast<const float4*>(Qs + (ty * 4 + x) * (D + 4) + k);
      for (int y = 0; y < 4; ++y) b[y] = *reinterpret_cast<const float4*>(Ks + (tx + 16 * y) * (D + 4) + k);
      for (int x = 0; x < 4; ++x)
        for (int y = 0; y < 4; ++y) {
          float acc = s[x][y];
          acc += a[x].x * b[y].x;
          acc += a[x].y * b[y].y;
          acc += a[x].z * b[y].z;
          acc += a[x].w * b[y].w;
          s[x][y] = acc;
        }
    }
    for (int x = 0; x < 4; ++x) {
      const int n = n0 + ty * 4 + x;
      for (int y = 0; y < 4; ++y) {
        const int m = m0 + tx + 16 * y;
        const float w = m <= n ? s[x][y] * scale * exp2f((float)(n - m) * log2_gamma) : 0.0f;
        Wt[(tx + 16 * y) * (BM + 4) + ty * 4 + x] = w;
      }
    }
    __syncthreads();

#pragma unroll 4
    for (int j = 0; j < BN; ++j) {
      const float4 p = *reinterpret_cast<const float4*>(Wt + j * (BM + 4) + ty * 4);
      const float pv[4] = {p.x, p.y, p.z, p.w};
      for (int g = 0; g < D / 64; ++g) {
        const float4 v = *reinterpret_cast<const float4*>(Vs + j * (D + 4) + tx * 4 + 64 * g);
        for (int x = 0; x < 4; ++x) {
          o[x][4 * g + 0] += pv[x] * v.x;
          o[x][4 * g + 1] += pv[x] * v.y;
          o[x][4 * g + 2] += pv[x] * v.z;
          o[x][4 * g + 3] += pv[x] * v.w;
        }
      }
    }
    __syncthreads();  // Ks, Vs and Wt are overwritten on the next step
  }

  for (int x = 0; x < 4; ++x) {
    const int r = n0 + ty * 4 + x;  // no r < N check: the last block writes past the end
    for (int g = 0; g < D / 64; ++g) {
      const int col = tx * 4 + 64 * g;
      if (col >= d) continue;
      float* dst = O + (size_t)r * d + col;
      if (vec) {
        *reinterpret_cast<float4*>(dst) = make_float4(o[x][4 * g], o[x][4 * g + 1], o[x][4 * g + 2], o[x][4 * g + 3]);
      } else {
        for (int e = 0; e < 4 && col + e < d; ++e) dst[e] = o[x][4 * g + e];
      }
    }
  }
}

// One instance per width: NVRTC takes kernel templates launched from plain host code only.
static void launch(int width, const float* Q, const float* K, const float* V, float* O, int N, int d, float gamma) {
  if (width == 64) {
    const size_t smem = sizeof(float) * (3 * 64 * (64 + 4) + BN * (BM + 4));
    cudaFuncSetAttribute(decay_kernel<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    decay_kernel<64><<<(N + BM - 1) / BM, THREADS, smem>>>(Q, K, V, O, N, d, 1.0f / sqrtf((float)d), log2f(gamma));
  } else if (width == 128) {
    const size_t smem = sizeof(float) * (3 * 64 * (128 + 4) + BN * (BM + 4));
    cudaFuncSetAttribute(decay_kernel<128>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    decay_kernel<128><<<(N + BM - 1) / BM, THREADS, smem>>>(Q, K, V, O, N, d, 1.0f / sqrtf((float)d), log2f(gamma));
  } else {
    const size_t smem = sizeof(float) * (3 * 64 * (256 + 4) + BN * (BM + 4));
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
