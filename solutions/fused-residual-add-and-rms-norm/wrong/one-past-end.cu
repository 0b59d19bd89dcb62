// WRONG (wrote outside): the output loop runs to c <= C, so each row writes one element past its
// end; for every row but the last that element is the next row's first, later overwritten, but
// the last row writes out[N * C], past the end of the buffer: a run-time error on example 1.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void residual_rms(const float* x, const float* residual, const float* weight, float* out, int C,
                             float eps) {
    __shared__ float partial[WARPS];
    const float* xr = x + (size_t)blockIdx.x * C;
    const float* rr = residual + (size_t)blockIdx.x * C;
    float* y = out + (size_t)blockIdx.x * C;
    float q = 0.0f;
    for (int c = threadIdx.x; c < C; c += THREADS) {
        const float z = xr[c] + rr[c];
        q += z * z;
    }
    q = warp_sum(q);
    if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = q;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < WARPS; ++w) total += partial[w];
    const float inv_rms = rsqrtf(total / C + eps);
    for (int c = threadIdx.x; c <= C; c += THREADS)  // Bug: one column too many
        y[c] = (xr[c] + rr[c]) * inv_rms * weight[c];
}

extern "C" void solve(const float* x, const float* residual, const float* weight, float* out, int N, int C,
                      float eps) {
    residual_rms<<<N, THREADS>>>(x, residual, weight, out, C, eps);
    cudaDeviceSynchronize();
}
