// WRONG (was modified): merges the adapter into the frozen weights in place, W += lora_scale * B A
// (as inference engines do once, offline), then computes output = x W^T. The outputs are right,
// but W is an input of solve and must be left unchanged: example 1 already finds it modified.
#include <cuda_runtime.h>

#define TS 16

// W[o][k] += lora_scale * sum over r of B[o][r] * A[r][k].
__global__ void merge_adapter(float* W, const float* A, const float* B, int d_in, int d_out, int rank,
                              float lora_scale) {
    const int k = blockIdx.x * TS + threadIdx.x;
    const int o = blockIdx.y * TS + threadIdx.y;
    if (o >= d_out || k >= d_in) return;
    float delta = 0.0f;
    for (int r = 0; r < rank; ++r) delta += B[(size_t)o * rank + r] * A[(size_t)r * d_in + k];
    W[(size_t)o * d_in + k] += lora_scale * delta;  // Bug: W is an input
}

__global__ void linear(const float* x, const float* W, float* output, int batch, int d_in, int d_out) {
    __shared__ float xs[TS][TS + 1];
    __shared__ float ws[TS][TS + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int m0 = blockIdx.y * TS, n0 = blockIdx.x * TS;
    float acc = 0.0f;
    for (int k0 = 0; k0 < d_in; k0 += TS) {
        const int k = k0 + tx;
        xs[ty][tx] = (m0 + ty < batch && k < d_in) ? x[(size_t)(m0 + ty) * d_in + k] : 0.0f;
        ws[ty][tx] = (n0 + ty < d_out && k < d_in) ? W[(size_t)(n0 + ty) * d_in + k] : 0.0f;
        __syncthreads();
        for (int kk = 0; kk < TS; ++kk) acc += xs[ty][kk] * ws[tx][kk];
        __syncthreads();
    }
    if (m0 + ty < batch && n0 + tx < d_out) output[(size_t)(m0 + ty) * d_out + n0 + tx] = acc;
}

extern "C" void solve(const float* x, const float* W, const float* A, const float* B, float* output, int batch,
                      int d_in, int d_out, int rank, float lora_scale) {
    const dim3 block(TS, TS);
    merge_adapter<<<dim3((d_in + TS - 1) / TS, (d_out + TS - 1) / TS), block>>>(const_cast<float*>(W), A, B, d_in,
                                                                                d_out, rank, lora_scale);
    linear<<<dim3((d_out + TS - 1) / TS, (batch + TS - 1) / TS), block>>>(x, W, output, batch, d_in, d_out);
    cudaDeviceSynchronize();
}
