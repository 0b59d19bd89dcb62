// Double-buffered: the vectorized rung (64 x 64 tiles, 4 x 4 per thread, float4 loads, X
// transposed in shared memory) with two shared buffers: the next slice of 16 is loaded from
// global memory into registers while the current one is multiplied, then stored to the other
// buffer, so the loads' latency hides behind the multiply-adds and one barrier per slice suffices
// instead of two.
#include <cuda_runtime.h>

#define BN 64
#define BK 16
#define THREADS 256
#define PAD 4

template <int BM, bool kVec>
__global__ void __launch_bounds__(THREADS) matmul_db(const float* __restrict__ X, const float* __restrict__ Y,
                                                       float* __restrict__ Z, int N) {
    constexpr int TM = BM / 16;  // rows per thread: 4
    __shared__ __align__(16) float Xs[2][BK][BM + PAD];
    __shared__ __align__(16) float Ys[2][BK][BN];
    const int tid = threadIdx.x;
    const int tx = tid % 16, ty = tid / 16;  // columns 4 tx .. 4 tx + 3, rows TM ty .. TM ty + TM - 1
    const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
    // Global -> shared: the X slice (BM x 16) is BM * 4 float4s, the Y slice (16 x 64) 256.
    const int xr = tid / 4, xk = (tid % 4) * 4;
    const int yr = tid / 16, yc = (tid % 16) * 4;
    const bool loads_x = tid < BM * 4;  // always, with BM = 64

    float4 xv, yv;
    auto load = [&](int k0) {
        const int gxr = row0 + xr, gxk = k0 + xk, gyr = k0 + yr, gyc = col0 + yc;
        if (kVec) {
            xv = (loads_x && gxr < N && gxk < N) ? *reinterpret_cast<const float4*>(&X[(size_t)gxr * N + gxk])
                                                 : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
            yv = (gyr < N && gyc < N) ? *reinterpret_cast<const float4*>(&Y[(size_t)gyr * N + gyc])
                                      : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        } else {
            const bool xin = loads_x && gxr < N, yin = gyr < N;
            const float* xp = &X[(size_t)gxr * N + gxk];
            const float* yp = &Y[(size_t)gyr * N + gyc];
            xv.x = xin && gxk < N ? xp[0] : 0.0f;
            xv.y = xin && gxk + 1 < N ? xp[1] : 0.0f;
            xv.z = xin && gxk + 2 < N ? xp[2] : 0.0f;
            xv.w = xin && gxk + 3 < N ? xp[3] : 0.0f;
            yv.x = yin && gyc < N ? yp[0] : 0.0f;
            yv.y = yin && gyc + 1 < N ? yp[1] : 0.0f;
            yv.z = yin && gyc + 2 < N ? yp[2] : 0.0f;
            yv.w = yin && gyc + 3 < N ? yp[3] : 0.0f;
        }
    };
    auto store = [&](int buf) {
        if (loads_x) {
            Xs[buf][xk + 0][xr] = xv.x;
            Xs[buf][xk + 1][xr] = xv.y;
            Xs[buf][xk + 2][xr] = xv.z;
            Xs[buf][xk + 3][xr] = xv.w;
        }
        *reinterpret_cast<float4*>(&Ys[buf][yr][yc]) = yv;
    };

    float acc[TM][4] = {};
    load(0);
    store(0);
    __syncthreads();
    int cur = 0;
    for (int k0 = 0; k0 < N; k0 += BK) {
        const bool more = k0 + BK < N;
        if (more) load(k0 + BK);  // in flight while this slice is multiplied
#pragma unroll
        for (int k = 0; k < BK; ++k) {
            const float4 a4 = *reinterpret_cast<const float4*>(&Xs[cur][k][ty * 4]);
            const float a[4] = {a4.x, a4.y, a4.z, a4.w};
            const float4 b = *reinterpret_cast<const float4*>(&Ys[cur][k][tx * 4]);
#pragma unroll
            for (int i = 0; i < TM; ++i) {
                acc[i][0] += a[i] * b.x;
                acc[i][1] += a[i] * b.y;
                acc[i][2] += a[i] * b.z;
                acc[i][3] += a[i] * b.w;
            }
        }
        if (more) store(cur ^ 1);  // the other buffer: every warp finished it before the last barrier
        __syncthreads();
        cur ^= 1;
    }

    const int c = col0 + tx * 4;
#pragma unroll
    for (int i = 0; i < TM; ++i) {
        const int r = row0 + ty * TM + i;
        if (r >= N) continue;
        float* zp = &Z[(size_t)r * N + c];
        if (kVec) {
            if (c < N) *reinterpret_cast<float4*>(zp) = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
        } else {
#pragma unroll
            for (int j = 0; j < 4; ++j)
                if (c + j < N) zp[j] = acc[i][j];
        }
    }
}

// Z = X * Y for N x N row-major matrices (Z is neither X nor Y).
static void multiply(const float* X, const float* Y, float* Z, int N) {
    dim3 blocks((N + BN - 1) / BN, (N + 63) / 64);
    if (N % 4 == 0) matmul_db<64, true><<<blocks, THREADS>>>(X, Y, Z, N);
    else matmul_db<64, false><<<blocks, THREADS>>>(X, Y, Z, N);
}

// A^P by square-and-multiply from the highest bit of P: R = A, then for every lower bit R = R * R,
// and R = R * A where the bit is set (P = 3: (A * A) * A; P = 20: four squarings and two products
// by A in all). Intermediate powers live in two scratch matrices used in turn, so a product never
// reads the matrix it writes; the last product goes straight to output. P = 1 is a copy.
static float* scratch[2] = {nullptr, nullptr};

extern "C" void solve(const float* input, float* output, int N, int P) {
    if (P == 1) {
        cudaMemcpy(output, input, (size_t)N * N * sizeof(float), cudaMemcpyDeviceToDevice);
        return;
    }
    if (scratch[0] == nullptr) {  // room for the largest N = 1,024, once
        cudaMalloc(&scratch[0], 1024 * 1024 * sizeof(float));
        cudaMalloc(&scratch[1], 1024 * 1024 * sizeof(float));
    }
    int top = 0, ones = 0;
    for (int b = 0; b < 31; ++b)
        if (P >> b & 1) top = b, ++ones;
    const int products = top + ones - 1;
    int done = 0;
    const float* R = input;
    for (int b = top - 1; b >= 0; --b) {
        for (int step = 0; step < 1 + (P >> b & 1); ++step) {
            float* dst = ++done == products ? output : scratch[done % 2];
            multiply(R, step == 0 ? R : input, dst, N);
            R = dst;
        }
    }
}
