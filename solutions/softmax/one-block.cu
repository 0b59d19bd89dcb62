// One block does all the work: 1024 threads, three grid-stride passes, shared-memory trees.
//
// With a single block the three reductions need no cross-block machinery: the 1024 threads find
// their partial maxima, a shared-memory tree gives the maximum, the same for the sum of
// expf(x - max), and a third pass writes the outputs. One launch, no atomics, no scratch arrays.
// But one block runs on one SM of the GPU's hundred-odd, and each of the three passes walks the
// whole input with just 1024 threads: the slowest rung by far.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 1024

__global__ void one_block_softmax(const float* input, float* output, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;

    float m = -INFINITY;
    for (int i = tid; i < N; i += THREADS) m = fmaxf(m, input[i]);
    partial[tid] = m;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] = fmaxf(partial[tid], partial[tid + stride]);
        __syncthreads();
    }
    const float max_value = partial[0];
    __syncthreads();  // everyone has read partial[0] before it is reused below

    float s = 0.0f;
    for (int i = tid; i < N; i += THREADS) s += expf(input[i] - max_value);
    partial[tid] = s;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    const float inv_sum = 1.0f / partial[0];

    for (int i = tid; i < N; i += THREADS) output[i] = expf(input[i] - max_value) * inv_sum;
}

extern "C" void solve(const float* input, float* output, int N) {
    one_block_softmax<<<1, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
