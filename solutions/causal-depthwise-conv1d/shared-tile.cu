// Shared tile: a block of 32 channels x 8 steps stages the 8 + K - 1 input rows it needs (its own
// and the K - 1 before) in shared memory once, and the taps of its 32 channels in registers; each
// thread then computes one output from shared memory.
//
// Inputs are now fetched (8 + K - 1) / 8 times instead of K times, and the taps once per thread.
// The halo rows are still loaded by two blocks, and each thread does only one output.
#include <cuda_runtime.h>

#define TD 32
#define TL 8
#define MAX_K 8

__global__ void conv_shared_tile(const float* x, const float* weight, const float* bias, float* output, int L, int D,
                                 int K) {
    __shared__ float tile[TL + MAX_K - 1][TD];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int d = blockIdx.x * TD + tx;
    const int l0 = blockIdx.y * TL;
    const long long seq = (long long)blockIdx.z * L;  // first row of this sequence
    // Row r of the tile is step l0 - (K - 1) + r; steps before 0 are the zero padding.
    for (int r = ty; r < TL + K - 1; r += TL) {
        const int l = l0 - (K - 1) + r;
        tile[r][tx] = (d < D && l >= 0 && l < L) ? x[(seq + l) * D + d] : 0.0f;
    }
    __syncthreads();
    const int l = l0 + ty;
    if (d >= D || l >= L) return;
    float acc = bias[d];
    for (int k = 0; k < K; ++k) acc += weight[d * K + k] * tile[ty + K - 1 - k][tx];
    output[(seq + l) * D + d] = acc;
}

extern "C" void solve(const float* x, const float* weight, const float* bias, float* output, int B, int L, int D,
                      int K) {
    const dim3 block(TD, TL);
    const dim3 grid((D + TD - 1) / TD, (L + TL - 1) / TL, B);
    conv_shared_tile<<<grid, block>>>(x, weight, bias, output, L, D, K);
}
