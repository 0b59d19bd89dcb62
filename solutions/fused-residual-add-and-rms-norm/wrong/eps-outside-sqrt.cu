// WRONG: rms is computed as sqrt(mean of z^2) + eps instead of sqrt(mean of z^2 + eps). The two
// agree to within the tolerance while the mean square is large next to eps, but not in row 1 of
// example 3, whose mean square (6.5e-6) is smaller than eps = 1e-5: a wrong answer there.
#include <cuda_runtime.h>
#include <math.h>

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
    const float inv_rms = 1.0f / (sqrtf(total / C) + eps);  // Bug: eps belongs inside the root
    for (int c = threadIdx.x; c < C; c += THREADS) y[c] = (xr[c] + rr[c]) * inv_rms * weight[c];
}

extern "C" void solve(const float* x, const float* residual, const float* weight, float* out, int N, int C,
                      float eps) {
    residual_rms<<<N, THREADS>>>(x, residual, weight, out, C, eps);
    cudaDeviceSynchronize();
}
