#include <cuda_runtime.h>

// One thread per entry of input[S..E] (both ends included).
__global__ void subarray_sum_kernel(const int* input, int* output, int S, int E) {
    int i = S + blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= E) {
        // Your turn: add input[i] to the total in output[0] (safely: many threads add at once).
    }
}

// input and output are device pointers. output[0] holds garbage on entry.
extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    int count = E - S + 1;
    int threadsPerBlock = 256;
    int blocksPerGrid = (count + threadsPerBlock - 1) / threadsPerBlock;
    subarray_sum_kernel<<<blocksPerGrid, threadsPerBlock>>>(input, output, S, E);
    cudaDeviceSynchronize();
}
