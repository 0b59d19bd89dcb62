// Shared-memory tiles of 16 x 16: a block stages a tile of A and the matching tile of each
// weight matrix, then every thread does 16 multiply-adds per operand from shared memory. The
// first product is dual (gate and up share the x tile and the loop) with silu(gate) * up in the
// epilogue; the second is the same kernel with one weight matrix. One output per thread.
#include <cuda_runtime.h>

#define TILE 16

// C (M x N) = A (M x K) B1 (K x N), row-major; with DUAL, C = silu(A B1) * (A B2).
template <bool DUAL>
__global__ void tiled_kernel(const float* A, const float* B1, const float* B2, float* C, int M, int N, int K) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs1[TILE][TILE];
    __shared__ float Bs2[TILE][TILE];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
    float acc1 = 0.0f, acc2 = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TILE) {
        As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)row * K + k0 + tx] : 0.0f;
        const bool b_ok = k0 + ty < K && col < N;
        Bs1[ty][tx] = b_ok ? B1[(size_t)(k0 + ty) * N + col] : 0.0f;
        if (DUAL) Bs2[ty][tx] = b_ok ? B2[(size_t)(k0 + ty) * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; ++k) {
            const float a = As[ty][k];
            acc1 += a * Bs1[k][tx];
            if (DUAL) acc2 += a * Bs2[k][tx];
        }
        __syncthreads();
    }
    if (row < M && col < N) C[(size_t)row * N + col] = DUAL ? acc1 / (1.0f + expf(-acc1)) * acc2 : acc1;
}

extern "C" void solve(const float* x, const float* W_gate, const float* W_up, const float* W_down, float* output, int M, int d_model, int d_ffn) {
    float* hidden = nullptr;
    cudaMalloc(&hidden, sizeof(float) * (size_t)M * d_ffn);
    const dim3 block(TILE, TILE);
    tiled_kernel<true><<<dim3((d_ffn + TILE - 1) / TILE, (M + TILE - 1) / TILE), block>>>(x, W_gate, W_up, hidden, M,
                                                                                          d_ffn, d_model);
    tiled_kernel<false><<<dim3((d_model + TILE - 1) / TILE, (M + TILE - 1) / TILE), block>>>(hidden, W_down, nullptr,
                                                                                            output, M, d_model, d_ffn);
    cudaFree(hidden);
}
