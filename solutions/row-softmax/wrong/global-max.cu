// WRONG: subtracts the maximum of the whole matrix instead of each row's own. No overflow, but
// a row whose values lie far below the matrix maximum underflows to exp(...) = 0 everywhere and
// gives 0 / 0 = NaN: row 2 of example 2 (-1000, -1001 against a maximum of 1000).
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256

__device__ int global_max_bits;

// Float maximum through integer atomics: non-negative floats order like ints, negative floats
// in reverse like unsigned ints.
__device__ void atomic_max_float(float value) {
    if (__float_as_int(value) >= 0) {
        atomicMax(&global_max_bits, __float_as_int(value));
    } else {
        atomicMin(reinterpret_cast<unsigned int*>(&global_max_bits), __float_as_uint(value));
    }
}

__global__ void init_max() { global_max_bits = __float_as_int(-INFINITY); }

__global__ void matrix_max(const float* input, int total) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < total) atomic_max_float(input[i]);
}

__global__ void row_softmax(const float* input, float* output, int N) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    const float m = __int_as_float(global_max_bits);  // Bug: the matrix maximum, not the row's.
    const float* x = input + (size_t)blockIdx.x * N;
    float* y = output + (size_t)blockIdx.x * N;

    float s = 0.0f;
    for (int j = tid; j < N; j += THREADS) s += expf(x[j] - m);
    partial[tid] = s;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) partial[tid] += partial[tid + stride];
        __syncthreads();
    }
    const float sum = partial[0];
    for (int j = tid; j < N; j += THREADS) y[j] = expf(x[j] - m) / sum;
}

extern "C" void solve(const float* input, float* output, int M, int N) {
    const int total = M * N;
    init_max<<<1, 1>>>();
    matrix_max<<<(total + THREADS - 1) / THREADS, THREADS>>>(input, total);
    row_softmax<<<M, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
