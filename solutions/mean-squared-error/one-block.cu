// One block does all the work: 1024 threads, a grid-stride loop, a shared-memory tree.
//
// A single block needs no atomics and no memset: its threads each add up every 1024th squared
// difference, a tree in shared memory combines the 1024 partial sums and thread 0 writes the
// mean. But one block runs on one SM of the GPU's hundred-odd, so the 400 MB of input stream in
// at a small fraction of the memory bandwidth. Each thread adds ~50,000 squares, a chain so long
// that in float the small squares would vanish against the large running sum, so it is in double.
#include <cuda_runtime.h>

#define THREADS 1024

__global__ void mse_one_block(const float* predictions, const float* targets, float* mse, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    double sum = 0.0;
    for (int i = tid; i < N; i += THREADS) {
        const float d = predictions[i] - targets[i];
        sum += d * d;
    }
    partial[tid] = static_cast<float>(sum);
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) mse[0] = partial[0] / N;
}

extern "C" void solve(const float* predictions, const float* targets, float* mse, int N) {
    mse_one_block<<<1, THREADS>>>(predictions, targets, mse, N);
    cudaDeviceSynchronize();
}
