// Naive: one thread per element, one atomicAdd per match.
//
// output[0] holds garbage on entry, so it is zeroed with cudaMemset first. Thread i compares
// input[i] with K and, on a match, adds 1 to output[0] with atomicAdd, which makes the
// concurrent increments safe. Reads are coalesced; the cost grows with the number of matches,
// because every match is an atomic on the same address (the compiler may merge the atomics of
// one warp, but each warp still sends its own). This is the baseline of the ladder.
#include <cuda_runtime.h>

__global__ void count_equal_kernel(const int* input, int* output, int N, int K) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N && input[i] == K) atomicAdd(output, 1);
}

extern "C" void solve(const int* input, int* output, int N, int K) {
    cudaMemset(output, 0, sizeof(int));
    const int threads = 256;
    const int blocks = (N + threads - 1) / threads;
    count_equal_kernel<<<blocks, threads>>>(input, output, N, K);
    cudaDeviceSynchronize();
}
