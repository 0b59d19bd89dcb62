// WRONG: assumes N is a multiple of 4 and handles each row as N / 4 float4s, with no scalar
// path for the rest. Example 1 has rows of 3: no float4 at all, so nothing is written: wrong
// answer, "never written".
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ float block_max(float v) {
    __shared__ float warp_v[WARPS];
    for (int offset = 16; offset > 0; offset /= 2) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
    if (threadIdx.x % 32 == 0) warp_v[threadIdx.x / 32] = v;
    __syncthreads();
    v = warp_v[0];
    for (int w = 1; w < WARPS; ++w) v = fmaxf(v, warp_v[w]);
    return v;
}

__device__ float block_sum(float v) {
    __shared__ float warp_v[WARPS];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
    if (threadIdx.x % 32 == 0) warp_v[threadIdx.x / 32] = v;
    __syncthreads();
    v = 0.0f;
    for (int w = 0; w < WARPS; ++w) v += warp_v[w];
    return v;
}

__global__ void row_softmax(const float* input, float* output, int N) {
    const float4* x = reinterpret_cast<const float4*>(input + (size_t)blockIdx.x * N);
    float4* y = reinterpret_cast<float4*>(output + (size_t)blockIdx.x * N);
    const int n4 = N / 4;  // Bug: the last N % 4 elements of every row are ignored.

    float m = -INFINITY;
    for (int j = threadIdx.x; j < n4; j += THREADS) m = fmaxf(m, fmaxf(fmaxf(x[j].x, x[j].y), fmaxf(x[j].z, x[j].w)));
    m = block_max(m);
    float s = 0.0f;
    for (int j = threadIdx.x; j < n4; j += THREADS)
        s += (expf(x[j].x - m) + expf(x[j].y - m)) + (expf(x[j].z - m) + expf(x[j].w - m));
    const float inv_sum = 1.0f / block_sum(s);
    for (int j = threadIdx.x; j < n4; j += THREADS) {
        const float4 v = x[j];
        y[j] = make_float4(expf(v.x - m) * inv_sum, expf(v.y - m) * inv_sum, expf(v.z - m) * inv_sum,
                           expf(v.w - m) * inv_sum);
    }
}

extern "C" void solve(const float* input, float* output, int M, int N) {
    row_softmax<<<M, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
