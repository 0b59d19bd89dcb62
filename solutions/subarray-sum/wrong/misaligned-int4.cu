// WRONG (RTE, cudaErrorMisalignedAddress): loads int4s straight from input + S.
//
// An int4 load needs a 16-byte aligned address. input itself is aligned, but input + S is only
// aligned when S % 4 == 0. The examples either start at a multiple of 4 or are shorter than one
// int4, so they pass; head-body-tail (S = 1, nine entries) loads an int4 from input + 1 and the
// kernel dies with a misaligned address.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void misaligned_sum(const int* input, int* output, int S, int E) {
    const int gid = blockIdx.x * blockDim.x + threadIdx.x;
    const int count = E - S + 1;
    const int n4 = count / 4;
    int sum = 0;
    if (gid < n4) {
        const int4 v = reinterpret_cast<const int4*>(input + S)[gid];  // Bug: unaligned when S % 4 != 0.
        sum = v.x + v.y + v.z + v.w;
    }
    if (gid < count - 4 * n4) sum += input[S + 4 * n4 + gid];
    sum = __reduce_add_sync(0xffffffffu, sum);
    if (threadIdx.x % 32 == 0 && sum != 0) atomicAdd(output, sum);
}

extern "C" void solve(const int* input, int* output, int N, int S, int E) {
    const int count = E - S + 1;
    const int items = count / 4 > 0 ? count / 4 : 1;
    const int blocks = (items + THREADS - 1) / THREADS;
    cudaMemset(output, 0, sizeof(int));
    misaligned_sum<<<blocks, THREADS>>>(input, output, S, E);
    cudaDeviceSynchronize();
}
