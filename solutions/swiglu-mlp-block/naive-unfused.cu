// Naive and unfused, as the formula reads: three products with one thread per output element
// (16 x 16 blocks, operands straight from global memory), gate and up each written to their own
// M x d_ffn scratch matrix, an elementwise kernel for silu(gate) * up, then the down product.
// x is read twice and the scratch travels through global memory three times.
#include <cuda_runtime.h>

// C (M x N) = A (M x K) B (K x N), all row-major; threads along x take consecutive columns, so a
// warp's loads of B are coalesced and its loads of A are broadcasts.
__global__ void matmul_kernel(const float* A, const float* B, float* C, int M, int N, int K) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N) return;
    float acc = 0.0f;
    for (int k = 0; k < K; ++k) acc += A[(size_t)row * K + k] * B[(size_t)k * N + col];
    C[(size_t)row * N + col] = acc;
}

// gate becomes silu(gate) * up in place; silu(g) = g / (1 + e^-g) stays finite for any g.
__global__ void swiglu_kernel(float* gate, const float* up, size_t n) {
    const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float g = gate[i];
    gate[i] = g / (1.0f + expf(-g)) * up[i];
}

extern "C" void solve(const float* x, const float* W_gate, const float* W_up, const float* W_down, float* output, int M, int d_model, int d_ffn) {
    float *gate = nullptr, *up = nullptr;
    const size_t n = (size_t)M * d_ffn;
    cudaMalloc(&gate, sizeof(float) * n);
    cudaMalloc(&up, sizeof(float) * n);
    const dim3 block(16, 16);
    const dim3 hidden_grid((d_ffn + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<hidden_grid, block>>>(x, W_gate, gate, M, d_ffn, d_model);
    matmul_kernel<<<hidden_grid, block>>>(x, W_up, up, M, d_ffn, d_model);
    swiglu_kernel<<<(unsigned)((n + 255) / 256), 256>>>(gate, up, n);
    const dim3 out_grid((d_model + 15) / 16, (M + 15) / 16);
    matmul_kernel<<<out_grid, block>>>(gate, W_down, output, M, d_model, d_ffn);
    cudaFree(gate);
    cudaFree(up);
}
