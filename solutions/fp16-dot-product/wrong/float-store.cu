// WRONG (writes outside): a correct float sum, stored as if result were a float*: the four
// bytes of a float land on result[0] and on the two bytes after it, past the end of the
// one-element half buffer (example 1 already).
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define THREADS 256

__device__ float total;

__global__ void dot_float(const half* A, const half* B, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    float s = 0.0f;
    for (int i = blockIdx.x * THREADS + tid; i < N; i += gridDim.x * THREADS)
        s += __half2float(A[i]) * __half2float(B[i]);
    partial[tid] = s;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(&total, partial[0]);
}

__global__ void store_float(half* result) {
    *reinterpret_cast<float*>(result) = total;  // Bug: 4 bytes into a 2-byte buffer
}

extern "C" void solve(const half* A, const half* B, half* result, int N) {
    static float* total_ptr = nullptr;
    if (total_ptr == nullptr) cudaGetSymbolAddress(reinterpret_cast<void**>(&total_ptr), total);
    cudaMemsetAsync(total_ptr, 0, sizeof(float));
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > 1024) blocks = 1024;
    dot_float<<<blocks, THREADS>>>(A, B, N);
    store_float<<<1, 1>>>(result);
    cudaDeviceSynchronize();
}
