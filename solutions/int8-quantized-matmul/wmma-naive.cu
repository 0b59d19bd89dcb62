// Tensor cores through WMMA (int8 16 x 16 x 16, int accumulators): each warp computes one 16 x 16
// tile of C on its own, copying its 16 x 16 pieces of A and B into its own shared buffers byte
// by byte for every k step. The multiplies are now nearly free; the byte copies and the re-reads
// (every warp fetches its A rows and B columns itself, nothing is shared) are the cost. Tensor
// cores multiply raw int8, so the zero points come out afterwards through row sums of A and
// column sums of B, computed by a small kernel when a zero point is not 0.
#include <cuda_runtime.h>
#include <mma.h>
#include <stdint.h>

using namespace nvcuda;

#define WARPS 4
#define MAX_DIM 8192

__device__ int row_sums_a[MAX_DIM];
__device__ int col_sums_b[MAX_DIM];

__device__ __forceinline__ int8_t requantize(int acc, float m, int zero_point_c) {
    const float q = rintf(__int2float_rn(acc) * m);
    return (int8_t)(int)fminf(fmaxf(q + (float)zero_point_c, -128.0f), 127.0f);
}

// Row sums of A (a warp per row) and column sums of B (a thread per column).
__global__ void operand_sums(const int8_t* A, const int8_t* B, int M, int N, int K) {
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    const int warp = gid / 32, lane = gid % 32;
    if (warp < M) {
        int s = 0;
        for (int k = lane; k < K; k += 32) s += A[(size_t)warp * K + k];
        for (int offset = 16; offset > 0; offset /= 2) s += __shfl_xor_sync(0xffffffffu, s, offset);
        if (lane == 0) row_sums_a[warp] = s;
    }
    if (gid < N) {
        int s = 0;
        for (int k = 0; k < K; ++k) s += B[(size_t)k * N + gid];
        col_sums_b[gid] = s;
    }
}

// A block is 4 warps side by side along n: 16 rows x 64 columns of C.
__global__ void __launch_bounds__(WARPS * 32) qmm_wmma_naive(const int8_t* A, const int8_t* B, int8_t* C, int M,
                                                             int N, int K, float m, int za, int zb, int zc,
                                                             bool zero_points) {
    __shared__ __align__(32) signed char a_tile[WARPS][16 * 16];
    __shared__ __align__(32) signed char b_tile[WARPS][16 * 16];
    __shared__ __align__(32) int c_tile[WARPS][16 * 16];
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const int tm = blockIdx.y * 16, tn = (blockIdx.x * WARPS + warp) * 16;
    if (tn >= N) return;  // the whole warp; nothing below synchronizes the block

    wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> c;
    wmma::fill_fragment(c, 0);
    signed char* as = a_tile[warp];
    signed char* bs = b_tile[warp];
    const int r = lane / 2, c8 = (lane % 2) * 8;  // this lane copies row r, columns c8 .. c8 + 7
    for (int k0 = 0; k0 < K; k0 += 16) {
#pragma unroll
        for (int e = 0; e < 8; ++e) {
            const int ar = tm + r, ak = k0 + c8 + e;
            as[r * 16 + c8 + e] = (ar < M && ak < K) ? A[(size_t)ar * K + ak] : 0;
            const int bk = k0 + r, bc = tn + c8 + e;
            bs[r * 16 + c8 + e] = (bk < K && bc < N) ? B[(size_t)bk * N + bc] : 0;
        }
        __syncwarp();
        wmma::load_matrix_sync(a, as, 16);
        wmma::load_matrix_sync(b, bs, 16);
        wmma::mma_sync(c, a, b, c);
        __syncwarp();  // the buffers are refilled next step
    }
    wmma::store_matrix_sync(c_tile[warp], c, 16, wmma::mem_row_major);
    __syncwarp();
    const int k_za_zb = K * za * zb;
#pragma unroll
    for (int e = 0; e < 8; ++e) {
        const int idx = lane * 8 + e;
        const int row = tm + idx / 16, col = tn + idx % 16;
        if (row < M && col < N) {
            int v = c_tile[warp][idx];
            if (zero_points) v += k_za_zb - zb * row_sums_a[row] - za * col_sums_b[col];
            C[(size_t)row * N + col] = requantize(v, m, zc);
        }
    }
}

extern "C" void solve(const int8_t* A, const int8_t* B, int8_t* C, int M, int N, int K, float scale_A, float scale_B,
                      float scale_C, int zero_point_A, int zero_point_B, int zero_point_C) {
    const float m = scale_A * scale_B / scale_C;  // step 2, in float
    const bool zero_points = zero_point_A != 0 || zero_point_B != 0;
    if (zero_points) {
        const int threads = 256;
        const int work = M * 32 > N ? M * 32 : N;
        operand_sums<<<(work + threads - 1) / threads, threads>>>(A, B, M, N, K);
    }
    const dim3 blocks((N + 16 * WARPS - 1) / (16 * WARPS), (M + 15) / 16);
    qmm_wmma_naive<<<blocks, WARPS * 32>>>(A, B, C, M, N, K, m, zero_point_A, zero_point_B, zero_point_C,
                                           zero_points);
    cudaDeviceSynchronize();
}
