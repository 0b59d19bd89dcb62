// WRONG: the square-and-multiply loop drops the multiplication by A for the lowest bit of P, so
// an odd P gives A^(P-1): right for every even P (example 1), wrong for P = 3 (example 2 returns
// A^2 instead of 2 I) and P = 5.
#include <cuda_runtime.h>

#define TILE 32

__global__ void matmul_tiled32(const float* X, const float* Y, float* Z, int N) {
    __shared__ float Xs[TILE][TILE];
    __shared__ float Ys[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty;
    const int col = blockIdx.x * TILE + tx;
    float sum = 0.0f;
    for (int k0 = 0; k0 < N; k0 += TILE) {
        // Outside the matrix the tiles hold zeros, which add nothing.
        Xs[ty][tx] = (row < N && k0 + tx < N) ? X[(size_t)row * N + k0 + tx] : 0.0f;
        Ys[ty][tx] = (k0 + ty < N && col < N) ? Y[(size_t)(k0 + ty) * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int t = 0; t < TILE; ++t) sum += Xs[ty][t] * Ys[t][tx];
        __syncthreads();
    }
    if (row < N && col < N) Z[(size_t)row * N + col] = sum;
}

// Z = X * Y for N x N row-major matrices (Z is neither X nor Y).
static void multiply(const float* X, const float* Y, float* Z, int N) {
    dim3 threads(TILE, TILE);
    dim3 blocks((N + TILE - 1) / TILE, (N + TILE - 1) / TILE);
    matmul_tiled32<<<blocks, threads>>>(X, Y, Z, N);
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
            if (b == 0 && step == 1) break;  // BUG: the lowest bit's product by A is skipped
            float* dst = ++done == products - (P & 1) ? output : scratch[done % 2];
            multiply(R, step == 0 ? R : input, dst, N);
            R = dst;
        }
    }
}
