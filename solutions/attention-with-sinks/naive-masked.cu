// Naive, but only the allowed pairs cost anything: a query's keys are the sinks 0 .. min(ns, i+1)
// - 1 and the window max(ns, i - w + 1) .. i, two ranges. Score threads of masked pairs leave at
// once, and the softmax and output threads walk just the two ranges of the M x M scratch (the
// other entries are never written or read): about a fifth of naive's work at the performance size.
#include <cuda_runtime.h>

// The allowed keys of query i: [0, sink_end) and [win_lo, i] (win_lo > i: empty).
__device__ __forceinline__ void key_ranges(int i, int ns, int w, int& sink_end, int& win_lo) {
    sink_end = min(ns, i + 1);
    win_lo = max(ns, i - w + 1);
}

__global__ void scores_kernel(const float* Q, const float* K, float* S, int M, int d, int ns, int w, float scale) {
    const int j = blockIdx.x * blockDim.x + threadIdx.x;  // key
    const int i = blockIdx.y * blockDim.y + threadIdx.y;  // query
    if (i >= M || j > i) return;
    int sink_end, win_lo;
    key_ranges(i, ns, w, sink_end, win_lo);
    if (j >= sink_end && j < win_lo) return;  // neither a sink nor in the window
    float acc = 0.0f;
    for (int t = 0; t < d; ++t) acc += Q[(size_t)i * d + t] * K[(size_t)j * d + t];
    S[(size_t)i * M + j] = acc * scale;
}

// One thread per row, over the row's two key ranges only.
__global__ void softmax_kernel(float* S, int M, int ns, int w) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= M) return;
    int sink_end, win_lo;
    key_ranges(i, ns, w, sink_end, win_lo);
    float* row = S + (size_t)i * M;
    float m = -INFINITY;
    for (int j = 0; j < sink_end; ++j) m = fmaxf(m, row[j]);
    for (int j = win_lo; j <= i; ++j) m = fmaxf(m, row[j]);
    float sum = 0.0f;
    for (int j = 0; j < sink_end; ++j) {
        row[j] = expf(row[j] - m);
        sum += row[j];
    }
    for (int j = win_lo; j <= i; ++j) {
        row[j] = expf(row[j] - m);
        sum += row[j];
    }
    const float inv = 1.0f / sum;
    for (int j = 0; j < sink_end; ++j) row[j] *= inv;
    for (int j = win_lo; j <= i; ++j) row[j] *= inv;
}

__global__ void output_kernel(const float* P, const float* V, float* O, int M, int d, int ns, int w) {
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    const int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= M || c >= d) return;
    int sink_end, win_lo;
    key_ranges(i, ns, w, sink_end, win_lo);
    const float* p = P + (size_t)i * M;
    float acc = 0.0f;
    for (int j = 0; j < sink_end; ++j) acc += p[j] * V[(size_t)j * d + c];
    for (int j = win_lo; j <= i; ++j) acc += p[j] * V[(size_t)j * d + c];
    O[(size_t)i * d + c] = acc;
}

extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int M, int d, int num_sinks,
                      int window_size) {
    float* S = nullptr;
    cudaMalloc(&S, sizeof(float) * (size_t)M * M);
    dim3 block(16, 16);
    scores_kernel<<<dim3((M + 15) / 16, (M + 15) / 16), block>>>(Q, K, S, M, d, num_sinks, window_size,
                                                                 1.0f / sqrtf((float)d));
    softmax_kernel<<<(M + 255) / 256, 256>>>(S, M, num_sinks, window_size);
    output_kernel<<<dim3((d + 15) / 16, (M + 15) / 16), block>>>(S, V, output, M, d, num_sinks, window_size);
    cudaFree(S);
}
