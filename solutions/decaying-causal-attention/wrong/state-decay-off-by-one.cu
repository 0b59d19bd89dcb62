// WRONG: best (chunked recurrent form) with the decay from the state to row n of chunk c taken as
// gamma^(n - c0) instead of gamma^(n - c0 + 1): the state already holds the key just before the
// chunk at gamma^0, so every earlier key counts one step too close. Only inputs longer than one
// chunk of 64 rows (and gamma < 1) show it: the examples pass, the larger functional cases fail.
#include <cuda_runtime.h>

#define BC 64  // chunk length: queries per output block, keys per state update
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

// Block (c, bi, bj): state tile rows bi*64.., columns bj*64.. of U_c = sum over the chunk's rows r of
// gamma^(63 - r) K[c0 + r]^T V[c0 + r], stored in slot c + 1. Only full chunks come here.
__global__ __launch_bounds__(THREADS) void chunk_kernel(const float* K, const float* V, float* S, int d,
                                                        float log2_gamma) {
  __shared__ __align__(16) float Kc[BC][64 + 4];
  __shared__ __align__(16) float Vc[BC][64 + 4];
  const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
  const int c0 = blockIdx.x * BC, i0 = blockIdx.y * 64, j0 = blockIdx.z * 64;
  for (int e = tid; e < BC * 64; e += THREADS) {
    const int r = e / 64, c = e % 64;
    const float w = exp2f((float)(BC - 1 - r) * log2_gamma);
    Kc[r][c] = i0 + c < d ? w * K[(size_t)(c0 + r) * d + i0 + c] : 0.0f;
    Vc[r][c] = j0 + c < d ? V[(size_t)(c0 + r) * d + j0 + c] : 0.0f;
  }
  __syncthreads();
  float u[4][4] = {};
#pragma unroll 8
  for (int r = 0; r < BC; ++r) {
    const float4 a = *reinterpret_cast<const float4*>(&Kc[r][ty * 4]);
    const float4 b = *reinterpret_cast<const float4*>(&Vc[r][tx * 4]);
    const float av[4] = {a.x, a.y, a.z, a.w}, bv[4] = {b.x, b.y, b.z, b.w};
    for (int x = 0; x < 4; ++x)
      for (int y = 0; y < 4; ++y) u[x][y] += av[x] * bv[y];
  }
  float* dst = S + (size_t)(blockIdx.x + 1) * d * d;
  for (int x = 0; x < 4; ++x) {
    const int i = i0 + ty * 4 + x;
    if (i >= d) continue;
    for (int y = 0; y < 4; ++y)
      if (j0 + tx * 4 + y < d) dst[(size_t)i * d + j0 + tx * 4 + y] = u[x][y];
  }
}

// Slot 0 becomes 0 and slot c the state before chunk c: a sequential scan per element, its loads
// issued 8 chunks ahead so their latencies overlap.
__global__ void scan_kernel(float* S, int chunks, int dd, float decay_chunk) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= dd) return;
  S[e] = 0.0f;
  float run = 0.0f;
  for (int c0 = 1; c0 < chunks; c0 += 8) {
    float u[8];
    for (int t = 0; t < 8; ++t) u[t] = c0 + t < chunks ? S[(size_t)(c0 + t) * dd + e] : 0.0f;
    for (int t = 0; t < 8 && c0 + t < chunks; ++t) {
      run = decay_chunk * run + u[t];
      S[(size_t)(c0 + t) * dd + e] = run;
    }
  }
}

template <int D>
__global__ __launch_bounds__(THREADS) void output_kernel(const float* Q, const float* K, const float* V, const float* S,
                                                         float* O, int N, int d, float scale, float log2_gamma) {
  extern __shared__ float4 smem4[];
  float* Qs = reinterpret_cast<float*>(smem4);  // [BC][D + 4]
  float* Ks = Qs + BC * (D + 4);                // [BC][D + 4]
  float* Vs = Ks + BC * (D + 4);                // [BC][D + 4]: V rows, or 64 rows of the state
  float* Wt = Vs + BC * (D + 4);                // [BC][BC + 4], weights transposed
  const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
  const int c = blockIdx.x, n0 = c * BC;
  const bool vec = d % 4 == 0;

  load_tile<D>(Qs, Q, n0, N, d, vec);
  // Thread (ty, tx) owns query rows ty*4 + x, weight columns tx + 16*y and output columns
  // tx*4 + 64*g + e (index 4*g + e of o).
  float o[4][D / 16];
  for (int x = 0; x < 4; ++x)
    for (int k = 0; k < D / 16; ++k) o[x][k] = 0.0f;

  if (c > 0) {  // the earlier chunks, through the state: o = gamma^(row + 1) Q S_c
    float f[4];
    for (int x = 0; x < 4; ++x) f[x] = exp2f((float)(ty * 4 + x) * log2_gamma);
    const float* Sc = S + (size_t)c * d * d;
    for (int k0 = 0; k0 < d; k0 += 64) {
      __syncthreads();  // Qs is complete; Vs is free again
      load_tile<D>(Vs, Sc, k0, d, d, vec);
      __syncthreads();
#pragma unroll 4
      for (int kk = 0; kk < 64; ++kk) {
        float q[4];
        for (int x = 0; x < 4; ++x) q[x] = f[x] * Qs[(ty * 4 + x) * (D + 4) + k0 + kk];
        for (int g = 0; g < D / 64; ++g) {
          const float4 v = *reinterpret_cast<const float4*>(Vs + kk * (D + 4) + tx * 4 + 64 * g);
          for (int x = 0; x < 4; ++x) {
            o[x][4 * g + 0] += q[x] * v.x;
            o[x][4 * g + 1] += q[x] * v.y;
            o[x][4 * g + 2] += q[x] * v.z;
            o[x][4 * g + 3] += q[x] * v.w;
          }
        }
      }
    }
    for (int x = 0; x < 4; ++x)
      for (int k = 0; k < D / 16; ++k) o[x][k] *= scale;
  }

  // The chunk's own keys: the diagonal tile, masked and decayed.
  __syncthreads();
  load_tile<D>(Ks, K, n0, N, d, vec);
  load_tile<D>(Vs, V, n0, N, d, vec);
  __syncthreads();
  float s[4][4] = {};
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
    const int a = ty * 4 + x;
    for (int y = 0; y < 4; ++y) {
      const int b = tx + 16 * y;
      Wt[b * (BC + 4) + a] = b <= a ? s[x][y] * scale * exp2f((float)(a - b) * log2_gamma) : 0.0f;
    }
  }
  __syncthreads();
#pragma unroll 4
  for (int j = 0; j < BC; ++j) {
    const float4 p = *reinterpret_cast<const float4*>(Wt + j * (BC + 4) + ty * 4);
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

  for (int x = 0; x < 4; ++x) {
    const int r = n0 + ty * 4 + x;
    if (r >= N) continue;
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
static void launch_output(int width, const float* Q, const float* K, const float* V, const float* S, float* O, int N,
                          int d, float lg) {
  if (width == 64) {
    const size_t smem = sizeof(float) * (3 * BC * (64 + 4) + BC * (BC + 4));
    cudaFuncSetAttribute(output_kernel<64>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    output_kernel<64><<<(N + BC - 1) / BC, THREADS, smem>>>(Q, K, V, S, O, N, d, 1.0f / sqrtf((float)d), lg);
  } else if (width == 128) {
    const size_t smem = sizeof(float) * (3 * BC * (128 + 4) + BC * (BC + 4));
    cudaFuncSetAttribute(output_kernel<128>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    output_kernel<128><<<(N + BC - 1) / BC, THREADS, smem>>>(Q, K, V, S, O, N, d, 1.0f / sqrtf((float)d), lg);
  } else {
    const size_t smem = sizeof(float) * (3 * BC * (256 + 4) + BC * (BC + 4));
    cudaFuncSetAttribute(output_kernel<256>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    output_kernel<256><<<(N + BC - 1) / BC, THREADS, smem>>>(Q, K, V, S, O, N, d, 1.0f / sqrtf((float)d), lg);
  }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int seq_len, int d_model,
                      float gamma) {
  const int N = seq_len, d = d_model;
  const int chunks = (N + BC - 1) / BC;
  const float lg = log2f(gamma);  // gamma^k = 2^(k * log2(gamma)); gamma = 1 gives exactly 1
  float* S = nullptr;
  if (chunks > 1) {
    const int dd = d * d;
    cudaMalloc(&S, sizeof(float) * (size_t)chunks * dd);
    const int tiles = (d + 63) / 64;
    chunk_kernel<<<dim3(chunks - 1, tiles, tiles), THREADS>>>(K, V, S, d, lg);
    scan_kernel<<<(dd + 255) / 256, 256>>>(S, chunks, dd, exp2f((float)BC * lg));
  }
  if (d <= 64)
    launch_output(64, Q, K, V, S, output, N, d, lg);
  else if (d <= 128)
    launch_output(128, Q, K, V, S, output, N, d, lg);
  else
    launch_output(256, Q, K, V, S, output, N, d, lg);
  if (S) cudaFree(S);
}
