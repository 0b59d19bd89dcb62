// One block of 1024 threads, as in one-block, but every load and store moves a float4.
//
// Still a single SM, yet each instruction now carries 16 bytes instead of 4, so the block keeps
// about four times the bytes in flight and finishes several times sooner. The N % 4 elements
// after the last float4 are handled one by one (the buffers start 256-byte aligned).
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 1024

__global__ void rms_norm_one_block(const float* input, float gamma, float beta, float* output, int N,
                                   float eps) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    const float4* in4 = reinterpret_cast<const float4*>(input);
    float4* out4 = reinterpret_cast<float4*>(output);
    const int n4 = N / 4;

    float s = 0.0f;
    for (int i = tid; i < n4; i += THREADS) {
        const float4 v = in4[i];
        s += (v.x * v.x + v.y * v.y) + (v.z * v.z + v.w * v.w);
    }
    for (int i = 4 * n4 + tid; i < N; i += THREADS) s += input[i] * input[i];
    partial[tid] = s;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    const float scale = gamma / sqrtf(partial[0] / N + eps);

    for (int i = tid; i < n4; i += THREADS) {
        float4 v = in4[i];
        v.x = v.x * scale + beta;
        v.y = v.y * scale + beta;
        v.z = v.z * scale + beta;
        v.w = v.w * scale + beta;
        out4[i] = v;
    }
    for (int i = 4 * n4 + tid; i < N; i += THREADS) output[i] = input[i] * scale + beta;
}

extern "C" void solve(const float* input, float gamma, float beta, float* output, int N, float eps) {
    rms_norm_one_block<<<1, THREADS>>>(input, gamma, beta, output, N, eps);
    cudaDeviceSynchronize();
}
