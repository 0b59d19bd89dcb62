// tiled-kv with the output as a tiled product too: 32 query rows per block, phi(Q) for them and
// all of S and z staged in shared memory, 16 output columns and the denominator per thread, so S
// is read from L2 once per 32 rows instead of once per row.
#include <cuda_runtime.h>

// phi(x) = elu(x) + 1: x + 1 above 0, e^x at or below it.
__device__ __forceinline__ float phi(float x) { return x > 0.0f ? x + 1.0f : expf(x); }

#define ROWS 256  // rows of K and V per block

// S = phi(K)^T V as a tiled product split over M: a block of 256 threads takes a 64 x 64 tile of S
// (a0.., b0..) and ROWS rows, stages 16 rows of phi(K) and V at a time in shared memory (phi
// applied once, on the load), and each thread accumulates a 4 x 4 patch of S in registers; the
// patches (and z, by the blocks of the first b tile) are added into S and z with atomics.
__global__ __launch_bounds__(256) void kv_kernel(const float* K, const float* V, float* S, float* z, int M, int d) {
    __shared__ __align__(16) float Ks[16][64];
    __shared__ __align__(16) float Vs[16][64];
    const int tid = threadIdx.x, ta = tid / 16, tb = tid % 16;
    const int a0 = blockIdx.y * 64, b0 = blockIdx.x * 64;
    const int j_begin = blockIdx.z * ROWS, j1 = min(M, j_begin + ROWS);
    float acc[4][4] = {}, zacc[4] = {};
    for (int j0 = j_begin; j0 < j1; j0 += 16) {
        for (int e = tid; e < 16 * 64; e += 256) {
            const int r = e / 64, c = e % 64, j = j0 + r;
            Ks[r][c] = (j < j1 && a0 + c < d) ? phi(K[(size_t)j * d + a0 + c]) : 0.0f;
            Vs[r][c] = (j < j1 && b0 + c < d) ? V[(size_t)j * d + b0 + c] : 0.0f;
        }
        __syncthreads();
#pragma unroll
        for (int r = 0; r < 16; ++r) {
            float p[4], v[4];
            for (int x = 0; x < 4; ++x) p[x] = Ks[r][ta * 4 + x];
            for (int y = 0; y < 4; ++y) v[y] = Vs[r][tb + 16 * y];
            for (int x = 0; x < 4; ++x) {
                zacc[x] += p[x];
                for (int y = 0; y < 4; ++y) acc[x][y] += p[x] * v[y];
            }
        }
        __syncthreads();
    }
    for (int x = 0; x < 4; ++x) {
        const int a = a0 + ta * 4 + x;
        if (a >= d) continue;
        for (int y = 0; y < 4; ++y) {
            const int b = b0 + tb + 16 * y;
            if (b < d) atomicAdd(&S[a * d + b], acc[x][y]);
        }
        if (blockIdx.x == 0 && tb == 0) atomicAdd(&z[a], zacc[x]);
    }
}

// Output as a tiled product: a block of 256 threads takes 32 query rows, stages phi(Q) for them
// and all of S (d x d, padded to 128 x 128, 64 KB) and z in shared memory, and each thread
// computes 1 row(s) x 16 columns (columns g, g + 8, ...) plus the denominators from there.
__global__ __launch_bounds__(256) void out_kernel(const float* Q, const float* S, const float* z, float* O, int M,
                                                  int d) {
    extern __shared__ float4 smem4[];
    float* base = reinterpret_cast<float*>(smem4);
    float (*Ps)[129] = reinterpret_cast<float (*)[129]>(base);                // [32][129]
    float (*Ss)[128] = reinterpret_cast<float (*)[128]>(base + 4128);          // [128][128]
    float* zs = base + 4128 + 128 * 128;                                       // [128]
    const int tid = threadIdx.x, rg = tid / 8, g = tid % 8;
    const int i0 = blockIdx.x * 32;
    for (int e = tid; e < 32 * 128; e += 256) {
        const int r = e / 128, c = e % 128;
        Ps[r][c] = (i0 + r < M && c < d) ? phi(Q[(size_t)(i0 + r) * d + c]) : 0.0f;
    }
    for (int e = tid; e < 128 * 128; e += 256) {
        const int r = e / 128, c = e % 128;
        Ss[r][c] = (r < d && c < d) ? S[r * d + c] : 0.0f;
    }
    if (tid < 128) zs[tid] = tid < d ? z[tid] : 0.0f;
    __syncthreads();
    float num[1][16] = {}, den[1] = {};
    for (int a = 0; a < d; ++a) {
        float p[1], s[16];
        for (int x = 0; x < 1; ++x) p[x] = Ps[rg * 1 + x][a];
        for (int u = 0; u < 16; ++u) s[u] = Ss[a][g + 8 * u];
        const float za = zs[a];
        for (int x = 0; x < 1; ++x) {
            den[x] += p[x] * za;
#pragma unroll
            for (int u = 0; u < 16; ++u) num[x][u] += p[x] * s[u];
        }
    }
    for (int x = 0; x < 1; ++x) {
        const int i = i0 + rg * 1 + x;
        if (i >= M) continue;
        for (int u = 0; u < 16; ++u) {
            const int c = g + 8 * u;
            if (c < d) O[(size_t)i * d + c] = num[x][u] / den[x];
        }
    }
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d) {
    float* S = nullptr;  // S (d x d) followed by z (d)
    cudaMalloc(&S, sizeof(float) * (d * d + d));
    float* z = S + d * d;
    cudaMemset(S, 0, sizeof(float) * (d * d + d));
    kv_kernel<<<dim3((d + 63) / 64, (d + 63) / 64, (M + ROWS - 1) / ROWS), 256>>>(K, V, S, z, M, d);
    const size_t smem = sizeof(float) * (4128 + 128 * 128 + 128);
    cudaFuncSetAttribute(out_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    out_kernel<<<(M + 31) / 32, 256, smem>>>(Q, S, z, output, M, d);
    cudaFree(S);
}
