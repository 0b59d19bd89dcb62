// WRONG (RTE, cudaErrorIllegalAddress): a two-pass count whose scratch array was never
// allocated.
//
// The first kernel stores one count per block into `partials` and the second adds them up into
// output[0]. The cudaMalloc for `partials` is missing, so it is a null pointer: the first block
// that stores its count faults and the launch fails with an illegal address.
#include <cuda_runtime.h>

__global__ void block_counts_kernel(const int* input, int* partials, int N, int M, int K) {
    __shared__ int block_count;
    const int tid = threadIdx.y * blockDim.x + threadIdx.x;
    if (tid == 0) block_count = 0;
    __syncthreads();
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < M && input[row * M + col] == K) atomicAdd(&block_count, 1);
    __syncthreads();
    if (tid == 0) partials[blockIdx.y * gridDim.x + blockIdx.x] = block_count;
}

__global__ void sum_counts_kernel(const int* partials, int* output, int count) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        int sum = 0;
        for (int j = 0; j < count; ++j) sum += partials[j];
        output[0] = sum;
    }
}

extern "C" void solve(const int* input, int* output, int N, int M, int K) {
    const dim3 threads(16, 16);
    const dim3 blocks((M + threads.x - 1) / threads.x, (N + threads.y - 1) / threads.y);
    int* partials = nullptr;  // Bug: never allocated with cudaMalloc.
    block_counts_kernel<<<blocks, threads>>>(input, partials, N, M, K);
    sum_counts_kernel<<<1, 1>>>(partials, output, blocks.x * blocks.y);
    cudaDeviceSynchronize();
}
