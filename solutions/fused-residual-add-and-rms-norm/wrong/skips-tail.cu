// WRONG (never written): rows are read and written as float4s over the first 4 * (C / 4) columns,
// with no scalar loop for the last C % 4 (and a misaligned float4 view of every row after the
// first when C is not a multiple of 4). Example 2 has C = 3: no float4 fits, and no output of it
// is written.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ __forceinline__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void residual_rms_float4(const float* x, const float* residual, const float* weight, float* out, int C,
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
    for (int i = threadIdx.x; i < C / 4; i += THREADS) {  // Bug: the last C % 4 columns are never stored
        const int c = 4 * i;
        reinterpret_cast<float4*>(y)[i] =
            make_float4((xr[c] + rr[c]) * inv_rms * weight[c], (xr[c + 1] + rr[c + 1]) * inv_rms * weight[c + 1],
                        (xr[c + 2] + rr[c + 2]) * inv_rms * weight[c + 2],
                        (xr[c + 3] + rr[c + 3]) * inv_rms * weight[c + 3]);
    }
}

extern "C" void solve(const float* x, const float* residual, const float* weight, float* out, int N, int C,
                      float eps) {
    residual_rms_float4<<<N, THREADS>>>(x, residual, weight, out, C, eps);
    cudaDeviceSynchronize();
}
