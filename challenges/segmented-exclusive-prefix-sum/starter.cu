#include <cuda_runtime.h>

// output[i] is the sum of values[s..i-1], where s is the last index <= i with flags[s] == 1
// (flags[0] is always 1): an exclusive prefix sum that restarts at every flag. One way to start:
// scan (value, flag) pairs, where combining an earlier pair with a later one keeps only the later
// sum if the later pair contains a flag.
__global__ void segmented_scan_kernel(const float* values, const int* flags, float* output, int N) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        // Your turn: write the sum of the values since the start of i's segment, not counting values[i].
    }
}

// values, flags and output are device pointers. output holds garbage on entry.
extern "C" void solve(const float* values, const int* flags, float* output, int N) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
    segmented_scan_kernel<<<blocksPerGrid, threadsPerBlock>>>(values, flags, output, N);
    cudaDeviceSynchronize();
}
