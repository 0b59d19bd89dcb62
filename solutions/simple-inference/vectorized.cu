// Vectorized register blocking: 128 x 128 tile, 8 x 8 per thread, 16-byte loads, one buffer.
//
// The design of blocktile-8x8.cu with wide memory accesses:
//   - input and weight are both contiguous along in_features, so both slices are loaded the same
//     way (two threads per row, four consecutive floats each) and stored transposed in shared
//     memory (Xs[i][b], Ws[i][o], rows padded by 4 floats): a thread's 4 samples or 4 features at
//     one i are then one float4. A thread's 8 x 8 is four 4 x 4 quadrants 64 apart, so a warp's
//     float4 reads are broadcasts (input) or 256 contiguous bytes (weight): four shared load
//     instructions per 64 multiply-adds instead of 16.
//   - When batch_size and out_features are multiples of 128 and in_features of 8 (the
//     performance size), global loads, bias loads and output stores are float4 as well; other
//     sizes take a checked variant with scalar loads.
// What best.cu adds: double buffering (the next slice loads while this one is used).
#include <cuda_runtime.h>

namespace {

constexpr int kBM = 128;  // samples per block
constexpr int kBN = 128;  // output features per block
constexpr int kBK = 8;    // in_features per step
constexpr int kThreads = 256;
constexpr int kPad = 4;

// Four consecutive floats of row r at column c of a rows x cols matrix, zeros outside it.
__device__ __forceinline__ float4 load4_checked(const float* m, int r, int c, int rows, int cols) {
  const bool row_ok = r < rows;
  const float* p = m + (size_t)(row_ok ? r : 0) * cols;
  float4 v;
  v.x = (row_ok && c + 0 < cols) ? p[c + 0] : 0.0f;
  v.y = (row_ok && c + 1 < cols) ? p[c + 1] : 0.0f;
  v.z = (row_ok && c + 2 < cols) ? p[c + 2] : 0.0f;
  v.w = (row_ok && c + 3 < cols) ? p[c + 3] : 0.0f;
  return v;
}

template <bool kChecked>
__global__ void __launch_bounds__(kThreads, 2)
linear_vectorized(const float* __restrict__ input, const float* __restrict__ weight, const float* __restrict__ bias,
                  float* __restrict__ output, int M, int K, int N) {  // M samples, K in, N out
  __shared__ __align__(16) float Xs[kBK][kBM + kPad];
  __shared__ __align__(16) float Ws[kBK][kBN + kPad];

  const int b0 = blockIdx.y * kBM;
  const int o0 = blockIdx.x * kBN;
  const int tid = threadIdx.x;
  const int ld_row = tid >> 1;        // 0..127: the sample (input) or feature (weight) this thread loads
  const int ld_col = (tid & 1) << 2;  // 0 or 4
  const int tx = tid & 15;
  const int ty = tid >> 4;

  float acc[8][8];
#pragma unroll
  for (int m = 0; m < 8; ++m) {
#pragma unroll
    for (int n = 0; n < 8; ++n) acc[m][n] = 0.0f;
  }

  for (int i0 = 0; i0 < K; i0 += kBK) {
    float4 rx, rw;
    if (!kChecked) {
      rx = *reinterpret_cast<const float4*>(input + (size_t)(b0 + ld_row) * K + i0 + ld_col);
      rw = *reinterpret_cast<const float4*>(weight + (size_t)(o0 + ld_row) * K + i0 + ld_col);
    } else {
      rx = load4_checked(input, b0 + ld_row, i0 + ld_col, M, K);
      rw = load4_checked(weight, o0 + ld_row, i0 + ld_col, N, K);
    }
    Xs[ld_col + 0][ld_row] = rx.x;
    Xs[ld_col + 1][ld_row] = rx.y;
    Xs[ld_col + 2][ld_row] = rx.z;
    Xs[ld_col + 3][ld_row] = rx.w;
    Ws[ld_col + 0][ld_row] = rw.x;
    Ws[ld_col + 1][ld_row] = rw.y;
    Ws[ld_col + 2][ld_row] = rw.z;
    Ws[ld_col + 3][ld_row] = rw.w;
    __syncthreads();

#pragma unroll
    for (int k = 0; k < kBK; ++k) {
      const float4 x0 = *reinterpret_cast<const float4*>(&Xs[k][ty * 4]);
      const float4 x1 = *reinterpret_cast<const float4*>(&Xs[k][ty * 4 + 64]);
      const float4 w0 = *reinterpret_cast<const float4*>(&Ws[k][tx * 4]);
      const float4 w1 = *reinterpret_cast<const float4*>(&Ws[k][tx * 4 + 64]);
      const float x[8] = {x0.x, x0.y, x0.z, x0.w, x1.x, x1.y, x1.z, x1.w};
      const float w[8] = {w0.x, w0.y, w0.z, w0.w, w1.x, w1.y, w1.z, w1.w};
#pragma unroll
      for (int m = 0; m < 8; ++m) {
#pragma unroll
        for (int n = 0; n < 8; ++n) acc[m][n] = fmaf(x[m], w[n], acc[m][n]);
      }
    }
    __syncthreads();  // the slices are overwritten by the next step
  }

#pragma unroll
  for (int half = 0; half < 2; ++half) {
    const int o = o0 + tx * 4 + half * 64;
    float4 bv;
    if (!kChecked) {
      bv = *reinterpret_cast<const float4*>(bias + o);
    } else {
      bv = load4_checked(bias, 0, o, 1, N);
    }
    const float bb[4] = {bv.x, bv.y, bv.z, bv.w};
#pragma unroll
    for (int m = 0; m < 8; ++m) {
      const int b = b0 + ty * 4 + (m & 3) + (m >> 2) * 64;
      if (!kChecked) {
        *reinterpret_cast<float4*>(output + (size_t)b * N + o) =
            make_float4(acc[m][half * 4 + 0] + bb[0], acc[m][half * 4 + 1] + bb[1], acc[m][half * 4 + 2] + bb[2],
                        acc[m][half * 4 + 3] + bb[3]);
      } else if (b < M) {
        float* p = output + (size_t)b * N;
#pragma unroll
        for (int j = 0; j < 4; ++j) {
          if (o + j < N) p[o + j] = acc[m][half * 4 + j] + bb[j];
        }
      }
    }
  }
}

}  // namespace

extern "C" void solve(const float* input, const float* weight, const float* bias, float* output, int batch_size,
                      int in_features, int out_features) {
  const dim3 blocks((out_features + kBN - 1) / kBN, (batch_size + kBM - 1) / kBM);
  if (batch_size % kBM == 0 && out_features % kBN == 0 && in_features % kBK == 0) {
    linear_vectorized<false><<<blocks, kThreads>>>(input, weight, bias, output, batch_size, in_features,
                                                   out_features);
  } else {
    linear_vectorized<true><<<blocks, kThreads>>>(input, weight, bias, output, batch_size, in_features,
                                                  out_features);
  }
  cudaDeviceSynchronize();
}
