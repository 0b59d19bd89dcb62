// mma-group-scale.cu's kernel (mma.sync on the 4-bit codes as exact halves, each group's scale
// applied to float partial sums, bytes of w_q decoded in registers, x through ldmatrix) fed by a
// 4-stage cp.async pipeline: while the warps multiply one 128 x 64 tile, the copies of the next
// three are in flight, so global latency hides behind the MMAs instead of stalling every step at
// a barrier. Where rows are not 16-byte aligned (K not a multiple of 32) the stages are filled by
// plain guarded loads instead. Groups smaller than one 16-deep step (2, 4, 8) take the exact
// hi + lo split of the dequantized weight, with two MMAs.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <stdint.h>

#define BM 128
#define BN 128
#define BK 64
#define X_LD (BK + 8)  // 72 halves = 144 bytes: the 8 rows of an ldmatrix hit distinct bank groups
#define W_LD 48        // bytes per staged row of w_q (32 used): rows 12 banks apart, no conflicts
#define STAGES 4
#define X_TILE (BM * X_LD)                 // halves
#define W_TILE (BN * W_LD)                 // bytes
#define STAGE_BYTES (X_TILE * 2 + W_TILE)  // 24,576
#define SMEM_BYTES (STAGES * STAGE_BYTES)  // 98,304

__device__ __forceinline__ unsigned smem_addr(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void cp_async16(void* dst, const void* src, int src_bytes) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(smem_addr(dst)), "l"(src), "r"(src_bytes));
}
__device__ __forceinline__ void cp_async_commit() {
  asm volatile("cp.async.commit_group;\n" ::);
}
template <int N>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N));
}
__device__ __forceinline__ void ldmatrix_x4(unsigned (&r)[4], const half* p) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(smem_addr(p)));
}
// d += a (16 x 16, row-major) * b (16 x 8, column-major)
__device__ __forceinline__ void mma_16816(float (&d)[4], const unsigned (&a)[4], unsigned b0, unsigned b1) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
      "{%0, %1, %2, %3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
// A byte's two codes as c - 8 in a half2: high nibble (the even k) in the low half. 0x6400 | c is
// the half 1024 + c exactly; subtracting 1032 leaves c - 8, exact.
__device__ __forceinline__ unsigned decode_pair(unsigned byte) {
  const unsigned packed = (0x6400u | (byte >> 4)) | ((0x6400u | (byte & 15u)) << 16);
  const half2 v = __hsub2(*reinterpret_cast<const half2*>(&packed), __float2half2_rn(1032.0f));
  return *reinterpret_cast<const unsigned*>(&v);
}
__device__ __forceinline__ unsigned pack_halves(half lo, half hi) {
  return (unsigned)__half_as_ushort(lo) | ((unsigned)__half_as_ushort(hi) << 16);
}

// Stage x[m0.., k0..] (128 x 64 halves) and w_q's bytes for k0.. (128 rows x 32 bytes): kVec by
// asynchronous 16-byte copies (zeros past the edges), otherwise by guarded plain loads.
template <bool kVec>
__device__ __forceinline__ void load_tile(const __half* x, const uint8_t* w_q, int M, int N, int K, int m0, int n0,
                                          int k0, int t, half* xs, uint8_t* ws) {
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const int ch = t + i * 256;
    const int r = ch / 8, c = (ch % 8) * 8;
    const int m = m0 + r, k = k0 + c;
    if (kVec) {
      const bool ok = m < M && k < K;  // else 16 zero bytes
      cp_async16(&xs[r * X_LD + c], ok ? x + (size_t)m * K + k : x, ok ? 16 : 0);
    } else {
      uint4 v;
      unsigned short s[8];
#pragma unroll
      for (int e = 0; e < 8; ++e) s[e] = (m < M && k + e < K) ? __half_as_ushort(x[(size_t)m * K + k + e]) : 0;
      v = make_uint4(s[0] | (unsigned)s[1] << 16, s[2] | (unsigned)s[3] << 16, s[4] | (unsigned)s[5] << 16,
                     s[6] | (unsigned)s[7] << 16);
      *reinterpret_cast<uint4*>(&xs[r * X_LD + c]) = v;
    }
  }
  const int r = t / 2, c = (t % 2) * 16;  // one 16-byte chunk of w_q per thread
  const int n = n0 + r, kb = k0 / 2 + c, row_bytes = K / 2;
  if (kVec) {
    const bool ok = n < N && kb < row_bytes;
    cp_async16(&ws[r * W_LD + c], ok ? w_q + (size_t)n * row_bytes + kb : w_q, ok ? 16 : 0);
  } else {
    unsigned wd[4] = {0, 0, 0, 0};
#pragma unroll
    for (int e = 0; e < 16; ++e)
      if (n < N && kb + e < row_bytes) wd[e / 4] |= (unsigned)w_q[(size_t)n * row_bytes + kb + e] << (8 * (e % 4));
    *reinterpret_cast<uint4*>(&ws[r * W_LD + c]) = make_uint4(wd[0], wd[1], wd[2], wd[3]);
  }
}

template <bool kVec, bool kSmallGroups>
__global__ void __launch_bounds__(256, 1) int4_mma(const __half* x, const uint8_t* w_q, const __half* scales, __half* y,
                                                   int M, int N, int K, int group_size) {
  extern __shared__ __align__(128) unsigned char smem_raw[];  // stage s at smem_raw + s * STAGE_BYTES
  const int t = threadIdx.x, warp = t / 32, lane = t % 32;
  const int wm = (warp / 4) * 64, wn = (warp % 4) * 32;
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  const int g = lane / 4, q = lane % 4;
  const int lrow = lane % 16, lcol = (lane / 16) * 8;
  const int groups = K / group_size;

  float acc[4][4][4], part[4][4][4];  // [m16 tile][n8 tile][c0..c3]
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int e = 0; e < 4; ++e) acc[i][j][e] = part[i][j][e] = 0.0f;

  const int steps = (K + BK - 1) / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < steps) {
      unsigned char* st = smem_raw + s * STAGE_BYTES;
      load_tile<kVec>(x, w_q, M, N, K, m0, n0, s * BK, t, reinterpret_cast<half*>(st), st + X_TILE * 2);
    }
    cp_async_commit();
  }
  for (int s = 0; s < steps; ++s) {
    cp_async_wait<STAGES - 2>();  // this thread's copies of tile s have landed
    __syncthreads();              // everyone's have, and everyone is done with tile s - 1
    const int next = s + STAGES - 1;
    if (next < steps) {
      unsigned char* st = smem_raw + (next % STAGES) * STAGE_BYTES;
      load_tile<kVec>(x, w_q, M, N, K, m0, n0, next * BK, t, reinterpret_cast<half*>(st), st + X_TILE * 2);
    }
    cp_async_commit();
    const int k0 = s * BK;
    const half* xs = reinterpret_cast<const half*>(smem_raw + (s % STAGES) * STAGE_BYTES);
    const uint8_t* ws = smem_raw + (s % STAGES) * STAGE_BYTES + X_TILE * 2;
#pragma unroll
    for (int kk = 0; kk < BK; kk += 16) {
      unsigned a[4][4];
#pragma unroll
      for (int i = 0; i < 4; ++i) ldmatrix_x4(a[i], &xs[(wm + i * 16 + lrow) * X_LD + kk + lcol]);
      const int k = k0 + kk;
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        const uint8_t* wr = &ws[(wn + j * 8 + g) * W_LD + kk / 2 + q];
        if (!kSmallGroups) {
          const unsigned b0 = decode_pair(wr[0]), b1 = decode_pair(wr[4]);
#pragma unroll
          for (int i = 0; i < 4; ++i) mma_16816(part[i][j], a[i], b0, b1);
        } else {
          // Dequantize exactly and split: w = hi + lo, two MMAs straight into acc.
          const int n = n0 + wn + j * 8 + g;
          unsigned hi[2], lo[2];
#pragma unroll
          for (int h = 0; h < 2; ++h) {
            const int kp = k + 2 * q + 8 * h;
            const unsigned byte = wr[4 * h];
            const float sc = (n < N && kp < K) ? __half2float(scales[(size_t)n * groups + kp / group_size]) : 0.0f;
            const float w0 = (float)((int)(byte >> 4) - 8) * sc, w1 = (float)((int)(byte & 15u) - 8) * sc;
            const half h0 = __float2half_rn(w0), h1 = __float2half_rn(w1);
            hi[h] = pack_halves(h0, h1);
            lo[h] = pack_halves(__float2half_rn(w0 - __half2float(h0)), __float2half_rn(w1 - __half2float(h1)));
          }
#pragma unroll
          for (int i = 0; i < 4; ++i) {
            mma_16816(acc[i][j], a[i], hi[0], hi[1]);
            mma_16816(acc[i][j], a[i], lo[0], lo[1]);
          }
        }
      }
      // Group of 16 or more ends with this step: acc += part * scale of (column, group).
      if (!kSmallGroups && k < K && (k + 16) % group_size == 0) {
        const int grp = k / group_size;
#pragma unroll
        for (int j = 0; j < 4; ++j)
#pragma unroll
          for (int c = 0; c < 2; ++c) {
            const int n = n0 + wn + j * 8 + 2 * q + c;
            const float sc = n < N ? __half2float(scales[(size_t)n * groups + grp]) : 0.0f;
#pragma unroll
            for (int i = 0; i < 4; ++i) {
              acc[i][j][c] += part[i][j][c] * sc;
              acc[i][j][c + 2] += part[i][j][c + 2] * sc;
              part[i][j][c] = part[i][j][c + 2] = 0.0f;
            }
          }
      }
    }
  }
  cp_async_wait<0>();
  // Lane holds (g, 2q), (g, 2q + 1), (g + 8, 2q), (g + 8, 2q + 1) of each m16 x n8 tile.
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        const int m = m0 + wm + i * 16 + g + 8 * h, n = n0 + wn + j * 8 + 2 * q;
        if (m >= M || n >= N) continue;
        __half* p = y + (size_t)m * N + n;
        if (N % 2 == 0) {
          *reinterpret_cast<half2*>(p) = __floats2half2_rn(acc[i][j][2 * h], acc[i][j][2 * h + 1]);
        } else {
          p[0] = __float2half(acc[i][j][2 * h]);
          if (n + 1 < N) p[1] = __float2half(acc[i][j][2 * h + 1]);
        }
      }
}

extern "C" void solve(const __half* x, const uint8_t* w_q, const __half* scales, __half* y, int M, int N, int K,
                      int group_size) {
  dim3 grid((N + BN - 1) / BN, (M + BM - 1) / BM);
  const bool vec = K % 32 == 0;  // rows of x and of w_q 16-byte aligned, and whole 16-byte chunks
  const bool small = group_size < 16;
  if (vec && !small) {
    cudaFuncSetAttribute(int4_mma<true, false>, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_BYTES);
    int4_mma<true, false><<<grid, 256, SMEM_BYTES>>>(x, w_q, scales, y, M, N, K, group_size);
  } else if (vec) {
    cudaFuncSetAttribute(int4_mma<true, true>, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_BYTES);
    int4_mma<true, true><<<grid, 256, SMEM_BYTES>>>(x, w_q, scales, y, M, N, K, group_size);
  } else if (!small) {
    cudaFuncSetAttribute(int4_mma<false, false>, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_BYTES);
    int4_mma<false, false><<<grid, 256, SMEM_BYTES>>>(x, w_q, scales, y, M, N, K, group_size);
  } else {
    cudaFuncSetAttribute(int4_mma<false, true>, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_BYTES);
    int4_mma<false, true><<<grid, 256, SMEM_BYTES>>>(x, w_q, scales, y, M, N, K, group_size);
  }
}
