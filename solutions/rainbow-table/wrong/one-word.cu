// WRONG (WA): hashes each 32-bit value as a single "byte".
//
// Every round does h = (offset_basis ^ word) * prime once, instead of one xor-multiply step per
// byte. All elements are written and nothing else is touched, so the judge reports plain
// mismatches (example 1, element 0: input 0 gives 2166136261 * 16777619 mod 2^32 = 84696351, not
// 1268118805).
#include <cuda_runtime.h>

__global__ void rainbow_kernel(const int* input, unsigned int* output, int N, int R) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        unsigned int h = static_cast<unsigned int>(input[i]);
        for (int r = 0; r < R; ++r) h = (2166136261u ^ h) * 16777619u;  // Bug: whole word at once.
        output[i] = h;
    }
}

extern "C" void solve(const int* input, unsigned int* output, int N, int R) {
    const int threads = 256;
    const int blocks = (N + threads - 1) / threads;
    rainbow_kernel<<<blocks, threads>>>(input, output, N, R);
    cudaDeviceSynchronize();
}
