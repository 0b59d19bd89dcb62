// split-rows with 16-byte accesses: when C is a multiple of 4 every row starts 16-byte aligned,
// so a 32 x 8 block covers 128 channels with float4 loads, and one thread per float4 writes
// the outputs. Blocks leave their column sums in slots instead of atomics (a per-channel kernel
// adds the 79 slots of each channel in double), so nothing needs clearing between calls. Other
// widths take the same kernels with scalar accesses.
#include <cuda_runtime.h>
#include <math.h>

#define TILE_C 32
#define ROW_LANES 8
#define ROWS_PER_BLOCK 64
#define THREADS 256
#define MAX_C 100000
#define MAX_SLOTS (25600000 / ROWS_PER_BLOCK + MAX_C)  // row blocks * C, at most N * C / 64 + C

// Declared as float4 for 16-byte alignment; the scalar kernels use them as float arrays.
__device__ float4 slot_sum4[MAX_SLOTS / 4];
__device__ float4 slot_squares4[MAX_SLOTS / 4];
__device__ float4 channel_mean4[MAX_C / 4];
__device__ float4 channel_scale4[MAX_C / 4];

__device__ __forceinline__ void add4(float4& a, float4 b) {
    a.x += b.x;
    a.y += b.y;
    a.z += b.z;
    a.w += b.w;
}

// C % 4 == 0: thread (tx, ty) of block (bx, by) sums channels 4 * (32 * bx + tx) .. +3 over
// the rows of row block by.
__global__ void column_stats4(const float* input, int N, int C) {
    __shared__ float4 partial_s[ROW_LANES][TILE_C];
    __shared__ float4 partial_q[ROW_LANES][TILE_C];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int c4 = blockIdx.x * TILE_C + tx;
    const int C4 = C / 4;
    const int row0 = blockIdx.y * ROWS_PER_BLOCK;
    const float4* in4 = reinterpret_cast<const float4*>(input);
    float4 s = make_float4(0.0f, 0.0f, 0.0f, 0.0f), q = s;
    if (c4 < C4) {
        for (int n = row0 + ty; n < N && n < row0 + ROWS_PER_BLOCK; n += ROW_LANES) {
            const float4 x = in4[n * C4 + c4];
            add4(s, x);
            add4(q, make_float4(x.x * x.x, x.y * x.y, x.z * x.z, x.w * x.w));
        }
    }
    partial_s[ty][tx] = s;
    partial_q[ty][tx] = q;
    __syncthreads();
    if (ty == 0 && c4 < C4) {
        for (int k = 1; k < ROW_LANES; ++k) {
            add4(s, partial_s[k][tx]);
            add4(q, partial_q[k][tx]);
        }
        slot_sum4[blockIdx.y * C4 + c4] = s;
        slot_squares4[blockIdx.y * C4 + c4] = q;
    }
}

// Any C: thread (tx, ty) sums channel 32 * bx + tx.
__global__ void column_stats(const float* input, int N, int C) {
    __shared__ float partial_s[ROW_LANES][TILE_C + 1];
    __shared__ float partial_q[ROW_LANES][TILE_C + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int c = blockIdx.x * TILE_C + tx;
    const int row0 = blockIdx.y * ROWS_PER_BLOCK;
    float s = 0.0f, q = 0.0f;
    if (c < C) {
        for (int n = row0 + ty; n < N && n < row0 + ROWS_PER_BLOCK; n += ROW_LANES) {
            const float x = input[n * C + c];
            s += x;
            q += x * x;
        }
    }
    partial_s[ty][tx] = s;
    partial_q[ty][tx] = q;
    __syncthreads();
    if (ty == 0 && c < C) {
        for (int k = 1; k < ROW_LANES; ++k) {
            s += partial_s[k][tx];
            q += partial_q[k][tx];
        }
        reinterpret_cast<float*>(slot_sum4)[blockIdx.y * C + c] = s;
        reinterpret_cast<float*>(slot_squares4)[blockIdx.y * C + c] = q;
    }
}

__global__ void finish_channels(const float* gamma, int N, int C, int row_blocks, float eps) {
    const int c = blockIdx.x * THREADS + threadIdx.x;
    if (c >= C) return;
    const float* slot_sum = reinterpret_cast<const float*>(slot_sum4);
    const float* slot_squares = reinterpret_cast<const float*>(slot_squares4);
    double s = 0.0, q = 0.0;
    for (int k = 0; k < row_blocks; ++k) {
        s += slot_sum[k * C + c];
        q += slot_squares[k * C + c];
    }
    const double mean = s / N;
    const double var = fmax(q / N - mean * mean, 0.0);
    reinterpret_cast<float*>(channel_mean4)[c] = (float)mean;
    reinterpret_cast<float*>(channel_scale4)[c] = gamma[c] / sqrtf((float)var + eps);
}

// C % 4 == 0: one float4 (four adjacent channels of one row) per thread.
__global__ void normalize4(const float* input, const float* beta, float* output, int total4, int C4) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i >= total4) return;
    const int c4 = i % C4;
    const float4 x = reinterpret_cast<const float4*>(input)[i];
    const float4 m = channel_mean4[c4];
    const float4 k = channel_scale4[c4];
    const float4 b = reinterpret_cast<const float4*>(beta)[c4];
    reinterpret_cast<float4*>(output)[i] =
        make_float4((x.x - m.x) * k.x + b.x, (x.y - m.y) * k.y + b.y, (x.z - m.z) * k.z + b.z, (x.w - m.w) * k.w + b.w);
}

__global__ void normalize(const float* input, const float* beta, float* output, int total, int C) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i >= total) return;
    const int c = i % C;
    const float* mean = reinterpret_cast<const float*>(channel_mean4);
    const float* scale = reinterpret_cast<const float*>(channel_scale4);
    output[i] = (input[i] - mean[c]) * scale[c] + beta[c];
}

extern "C" void solve(const float* input, const float* gamma, const float* beta, float* output, int N, int C,
                      float eps) {
    const int row_blocks = (N + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK;
    const dim3 block(TILE_C, ROW_LANES);
    const int total = N * C;
    if (C % 4 == 0) {
        const dim3 grid((C / 4 + TILE_C - 1) / TILE_C, row_blocks);
        column_stats4<<<grid, block>>>(input, N, C);
        finish_channels<<<(C + THREADS - 1) / THREADS, THREADS>>>(gamma, N, C, row_blocks, eps);
        normalize4<<<(total / 4 + THREADS - 1) / THREADS, THREADS>>>(input, beta, output, total / 4, C / 4);
    } else {
        const dim3 grid((C + TILE_C - 1) / TILE_C, row_blocks);
        column_stats<<<grid, block>>>(input, N, C);
        finish_channels<<<(C + THREADS - 1) / THREADS, THREADS>>>(gamma, N, C, row_blocks, eps);
        normalize<<<(total + THREADS - 1) / THREADS, THREADS>>>(input, beta, output, total, C);
    }
}
