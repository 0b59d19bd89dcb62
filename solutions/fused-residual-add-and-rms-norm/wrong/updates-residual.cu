// WRONG (was modified): written after the fused kernels of inference engines, which update the
// residual stream in place, it stores z = x + residual back into residual and normalizes from
// there. Every output is right, but the statement leaves residual unchanged (it is a const
// input): example 1 already finds it modified.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void residual_rms_in_place(const float* x, float* residual, const float* weight, float* out, int C,
                                      float eps) {
    __shared__ float partial[WARPS];
    const float* xr = x + (size_t)blockIdx.x * C;
    float* rr = residual + (size_t)blockIdx.x * C;
    float* y = out + (size_t)blockIdx.x * C;
    float q = 0.0f;
    for (int c = threadIdx.x; c < C; c += THREADS) {
        const float z = xr[c] + rr[c];
        rr[c] = z;  // Bug: the residual is an input, not scratch
        q += z * z;
    }
    q = warp_sum(q);
    if (threadIdx.x % 32 == 0) partial[threadIdx.x / 32] = q;
    __syncthreads();
    float total = 0.0f;
    for (int w = 0; w < WARPS; ++w) total += partial[w];
    const float inv_rms = rsqrtf(total / C + eps);
    for (int c = threadIdx.x; c < C; c += THREADS) y[c] = rr[c] * inv_rms * weight[c];
}

extern "C" void solve(const float* x, const float* residual, const float* weight, float* out, int N, int C,
                      float eps) {
    residual_rms_in_place<<<N, THREADS>>>(x, const_cast<float*>(residual), weight, out, C, eps);
    cudaDeviceSynchronize();
}
