// Best: float4 statistics and outputs on the same 2-D grid (128 channels x 64 rows per block),
// each thread issuing all eight of its row loads before using any. The output kernel loads its
// channels' mean, scale and shift once and walks the row blocks from last to first: the
// statistics pass read the input front to back, so its tail is still in L2 and is found there.
// Streaming stores (__stcs) keep the outputs from evicting it. Other widths of C fall back to
// scalar kernels.
#include <cuda_runtime.h>
#include <math.h>

#define TILE_C 32
#define ROW_LANES 8
#define ROWS_PER_THREAD 8
#define ROWS_PER_BLOCK (ROW_LANES * ROWS_PER_THREAD)  // 64
#define THREADS 256
#define MAX_C 100000
#define MAX_SLOTS (25600000 / ROWS_PER_BLOCK + MAX_C)  // row blocks * C, at most N * C / 64 + C

// Per row block and channel: sums of x and x^2 (float4 for alignment; also used as floats).
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

// C % 4 == 0: thread (tx, ty) of block (bx, by) covers channels 4 * (32 * bx + tx) .. +3 and
// rows 64 * by + ty + 8 * k.
__global__ void __launch_bounds__(THREADS) column_stats4(const float* input, int N, int C) {
    __shared__ float4 partial_s[ROW_LANES][TILE_C];
    __shared__ float4 partial_q[ROW_LANES][TILE_C];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int C4 = C / 4;
    const int c4 = blockIdx.x * TILE_C + tx;
    const int row0 = blockIdx.y * ROWS_PER_BLOCK + ty;
    const float4* in4 = reinterpret_cast<const float4*>(input);
    float4 s = make_float4(0.0f, 0.0f, 0.0f, 0.0f), q = s;
    if (c4 < C4) {
        float4 x[ROWS_PER_THREAD];
#pragma unroll
        for (int k = 0; k < ROWS_PER_THREAD; ++k) {
            const int n = row0 + k * ROW_LANES;
            x[k] = n < N ? in4[n * C4 + c4] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        }
#pragma unroll
        for (int k = 0; k < ROWS_PER_THREAD; ++k) {
            add4(s, x[k]);
            add4(q, make_float4(x[k].x * x[k].x, x[k].y * x[k].y, x[k].z * x[k].z, x[k].w * x[k].w));
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

// Any C: thread (tx, ty) covers channel 32 * bx + tx.
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

// Per channel: add the row blocks' slots in double, then mean and gamma / sqrt(var + eps).
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

// C % 4 == 0: the grid of column_stats4, row blocks taken from the last to the first.
__global__ void __launch_bounds__(THREADS) normalize4(const float* input, const float* beta, float* output, int N, int C) {
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int C4 = C / 4;
    const int c4 = blockIdx.x * TILE_C + tx;
    if (c4 >= C4) return;
    const int row0 = (gridDim.y - 1 - blockIdx.y) * ROWS_PER_BLOCK + ty;
    const float4 m = channel_mean4[c4];
    const float4 k4 = channel_scale4[c4];
    const float4 b = reinterpret_cast<const float4*>(beta)[c4];
    const float4* in4 = reinterpret_cast<const float4*>(input);
    float4* out4 = reinterpret_cast<float4*>(output);

    float4 x[ROWS_PER_THREAD];
#pragma unroll
    for (int k = 0; k < ROWS_PER_THREAD; ++k) {
        const int n = row0 + k * ROW_LANES;
        if (n < N) x[k] = in4[n * C4 + c4];
    }
#pragma unroll
    for (int k = 0; k < ROWS_PER_THREAD; ++k) {
        const int n = row0 + k * ROW_LANES;
        if (n < N)
            __stcs(&out4[n * C4 + c4], make_float4((x[k].x - m.x) * k4.x + b.x, (x[k].y - m.y) * k4.y + b.y,
                                                   (x[k].z - m.z) * k4.z + b.z, (x[k].w - m.w) * k4.w + b.w));
    }
}

__global__ void normalize(const float* input, const float* beta, float* output, int total, int C) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i >= total) return;
    const int c = i % C;
    const float* mean = reinterpret_cast<const float*>(channel_mean4);
    const float* scale = reinterpret_cast<const float*>(channel_scale4);
    output[i] = (input[i] - mean[c]) * scale[c] + beta[c];
}

// No cudaDeviceSynchronize: the judge waits for the device after solve returns.
extern "C" void solve(const float* input, const float* gamma, const float* beta, float* output, int N, int C,
                      float eps) {
    const int row_blocks = (N + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK;
    const dim3 block(TILE_C, ROW_LANES);
    if (C % 4 == 0) {
        const dim3 grid((C / 4 + TILE_C - 1) / TILE_C, row_blocks);
        column_stats4<<<grid, block>>>(input, N, C);
        finish_channels<<<(C + THREADS - 1) / THREADS, THREADS>>>(gamma, N, C, row_blocks, eps);
        normalize4<<<grid, block>>>(input, beta, output, N, C);
    } else {
        const dim3 grid((C + TILE_C - 1) / TILE_C, row_blocks);
        column_stats<<<grid, block>>>(input, N, C);
        finish_channels<<<(C + THREADS - 1) / THREADS, THREADS>>>(gamma, N, C, row_blocks, eps);
        const int total = N * C;
        normalize<<<(total + THREADS - 1) / THREADS, THREADS>>>(input, beta, output, total, C);
    }
}
