// WRONG (WA): an int4 kernel that forgets the last N % 4 elements.
//
// Each thread compares one int4 and there are N / 4 of them, so when N is not a multiple of 4
// the last one to three elements are never looked at. Example 1 (N = 5) ends with a match and
// gives 2 instead of 3.
#include <cuda_runtime.h>

__global__ void count_vec4_kernel(const int4* input, int* output, int n4, int K) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) {
        const int4 v = input[i];
        const int c = (v.x == K) + (v.y == K) + (v.z == K) + (v.w == K);
        if (c != 0) atomicAdd(output, c);
    }
}

extern "C" void solve(const int* input, int* output, int N, int K) {
    cudaMemset(output, 0, sizeof(int));
    const int threads = 256;
    const int blocks = (N + 4 * threads - 1) / (4 * threads);
    count_vec4_kernel<<<blocks, threads>>>(reinterpret_cast<const int4*>(input), output, N / 4, K);
    cudaDeviceSynchronize();
}
