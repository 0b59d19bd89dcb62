// WRONG: one warp per row with the loop bound j <= N. Each row reads one element of the next
// row and writes one past its own end; the last row writes output[M * N], outside the output:
// a run-time error ("wrote outside") on example 1 already.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define ROWS_PER_BLOCK (THREADS / 32)

__global__ void row_softmax(const float* input, float* output, int M, int N) {
    const int row = blockIdx.x * ROWS_PER_BLOCK + threadIdx.x / 32;
    const int lane = threadIdx.x % 32;
    if (row >= M) return;
    const float* x = input + (size_t)row * N;
    float* y = output + (size_t)row * N;

    float m = -INFINITY;
    for (int j = lane; j <= N; j += 32) m = fmaxf(m, x[j]);  // Bug: j <= N.
    for (int offset = 16; offset > 0; offset /= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, offset));
    float s = 0.0f;
    for (int j = lane; j <= N; j += 32) s += expf(x[j] - m);
    for (int offset = 16; offset > 0; offset /= 2) s += __shfl_xor_sync(0xffffffffu, s, offset);
    for (int j = lane; j <= N; j += 32) y[j] = expf(x[j] - m) / s;
}

extern "C" void solve(const float* input, float* output, int M, int N) {
    row_softmax<<<(M + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK, THREADS>>>(input, output, M, N);
    cudaDeviceSynchronize();
}
