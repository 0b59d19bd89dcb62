// Tree reductions repeated until one value is left, for the max and for the sum; no atomics.
//
// Each reduction is the textbook multi-pass scheme: blocks of 256 threads reduce 256 values each
// with a shared-memory tree and store one value per block, and the same kernel runs again on
// those values (500,000 -> 1,954 -> 8 -> 1) until one block is left, which writes the result to
// a __device__ variable. The max takes three launches, the sum three (its first pass computes
// expf(x - max) on the fly), and a last kernel writes the outputs: seven launches, each waiting
// for the previous one, and the later passes keep only a handful of threads busy.
#include <cuda_runtime.h>
#include <math.h>

#define THREADS 256
#define SCRATCH_A ((500000 + THREADS - 1) / THREADS)     // first-pass results (N <= 500,000)
#define SCRATCH_B ((SCRATCH_A + THREADS - 1) / THREADS)  // results of every later pass

__device__ float scratch_a[SCRATCH_A];
__device__ float scratch_b[SCRATCH_B];
__device__ float stats[2];  // max, sum

// Reduces in[0..n) in blocks of 256. kExp: the values are expf(in[i] - *max_value), summed;
// otherwise kMax picks max or sum of the raw values.
template <bool kMax, bool kExp>
__global__ void reduce_pass(const float* in, float* out, int n, const float* max_value) {
    __shared__ float partial[THREADS];
    const int tid = threadIdx.x;
    const int i = blockIdx.x * THREADS + tid;
    float v;
    if (kMax) {
        v = (i < n) ? in[i] : -INFINITY;
    } else if (kExp) {
        v = (i < n) ? expf(in[i] - *max_value) : 0.0f;
    } else {
        v = (i < n) ? in[i] : 0.0f;
    }
    partial[tid] = v;
    __syncthreads();
    for (int stride = THREADS / 2; stride > 0; stride /= 2) {
        if (tid < stride) {
            partial[tid] = kMax ? fmaxf(partial[tid], partial[tid + stride]) : partial[tid] + partial[tid + stride];
        }
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = partial[0];
}

__global__ void normalize_kernel(const float* input, float* output, int N) {
    const int i = blockIdx.x * THREADS + threadIdx.x;
    if (i < N) output[i] = expf(input[i] - stats[0]) / stats[1];
}

// Pass p writes buffers[p % 2] (every pass after the first has at most SCRATCH_B results), the
// last pass writes *result. A pass never writes the array it reads. is_max: reduce with max;
// otherwise the first pass sums expf(x - *max_value) and the later ones sum plainly.
static void reduce_all(bool is_max, const float* input, int N, float* result, float* const buffers[2],
                       const float* max_value) {
    const float* src = input;
    int n = N;
    for (int pass = 0;; ++pass) {
        const int blocks = (n + THREADS - 1) / THREADS;
        float* dst = (blocks == 1) ? result : buffers[pass % 2];
        if (is_max) {
            reduce_pass<true, false><<<blocks, THREADS>>>(src, dst, n, max_value);
        } else if (pass == 0) {
            reduce_pass<false, true><<<blocks, THREADS>>>(src, dst, n, max_value);
        } else {
            reduce_pass<false, false><<<blocks, THREADS>>>(src, dst, n, max_value);
        }
        if (blocks == 1) break;
        src = dst;
        n = blocks;
    }
}

extern "C" void solve(const float* input, float* output, int N) {
    static float* buffers[2] = {nullptr, nullptr};
    static float* stats_ptr = nullptr;
    if (stats_ptr == nullptr) {
        cudaGetSymbolAddress(reinterpret_cast<void**>(&buffers[0]), scratch_a);
        cudaGetSymbolAddress(reinterpret_cast<void**>(&buffers[1]), scratch_b);
        cudaGetSymbolAddress(reinterpret_cast<void**>(&stats_ptr), stats);
    }
    reduce_all(true, input, N, stats_ptr, buffers, stats_ptr);
    reduce_all(false, input, N, stats_ptr + 1, buffers, stats_ptr);
    const int blocks = (N + THREADS - 1) / THREADS;
    normalize_kernel<<<blocks, THREADS>>>(input, output, N);
    cudaDeviceSynchronize();
}
