// WRONG: the output kernel treats the whole N x C matrix as float4s and runs for the first
// N * C / 4 of them only, with no scalar loop for the rest: the last (N * C) % 4 outputs are
// never written. Example 2 has 6 elements: output[1][1] and output[1][2] stay untouched.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define MAX_C 100000

__device__ float channel_mean[MAX_C];
__device__ float channel_scale[MAX_C];

__global__ void channel_stats(const float* input, const float* gamma, int N, int C, float eps) {
    const int c = blockIdx.x * THREADS + threadIdx.x;
    if (c >= C) return;
    double sum = 0.0;
    for (int n = 0; n < N; ++n) sum += input[n * C + c];
    const double mean = sum / N;
    double squares = 0.0;
    for (int n = 0; n < N; ++n) {
        const double d = input[n * C + c] - mean;
        squares += d * d;
    }
    channel_mean[c] = (float)mean;
    channel_scale[c] = gamma[c] / sqrtf((float)(squares / N) + eps);
}

// The matrix as one flat array of float4s; element i's channel is i % C.
__global__ void normalize4(const float* input, const float* beta, float* output, int total4, int C) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i >= total4) return;
    const float4 x = reinterpret_cast<const float4*>(input)[i];
    const int c0 = (4 * i) % C, c1 = (4 * i + 1) % C, c2 = (4 * i + 2) % C, c3 = (4 * i + 3) % C;
    reinterpret_cast<float4*>(output)[i] = make_float4((x.x - channel_mean[c0]) * channel_scale[c0] + beta[c0],
                                                       (x.y - channel_mean[c1]) * channel_scale[c1] + beta[c1],
                                                       (x.z - channel_mean[c2]) * channel_scale[c2] + beta[c2],
                                                       (x.w - channel_mean[c3]) * channel_scale[c3] + beta[c3]);
}

extern "C" void solve(const float* input, const float* gamma, const float* beta, float* output, int N, int C,
                      float eps) {
    channel_stats<<<(C + THREADS - 1) / THREADS, THREADS>>>(input, gamma, N, C, eps);
    const int total4 = N * C / 4;  // Bug: the last N * C % 4 elements are dropped.
    if (total4 > 0) normalize4<<<(total4 + THREADS - 1) / THREADS, THREADS>>>(input, beta, output, total4, C);
    cudaDeviceSynchronize();
}
