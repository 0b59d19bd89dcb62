#include <cuda_runtime.h>

// One way to start: one thread per input element. Many threads will want to add one to the same
// bin at the same moment, and the histogram holds garbage until solve clears it.
__global__ void histogram_kernel(const int* input, int* histogram, int N, int num_bins) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        // Your turn: add one to histogram[input[i]], safely (other threads may hit the same bin).
    }
}

// input and histogram are device pointers. histogram (num_bins ints) holds garbage on entry.
extern "C" void solve(const int* input, int* histogram, int N, int num_bins) {
    // Your turn: histogram must start from zero before anything is added into it.
    int threadsPerBlock = 256;
    int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
    histogram_kernel<<<blocksPerGrid, threadsPerBlock>>>(input, histogram, N, num_bins);
    cudaDeviceSynchronize();
}
