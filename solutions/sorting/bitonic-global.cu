// Bitonic sort in global memory: the input is copied into a power-of-two buffer padded with +inf,
// and the classic bitonic network runs one kernel per stage (k = 2, 4, ..., P; j = k/2, ..., 1):
// each thread compares one pair (i, i + j) and swaps it into the direction its k-block needs.
// The first N values of the sorted buffer are copied back.
//
// O(N log^2 N) compare-exchanges: at N = 1,000,000 (P = 2^20) that is 210 launches, each reading
// and writing the whole 4 MiB buffer.
#include <cuda_runtime.h>

#define THREADS 256

__global__ void pad_copy(const float* data, float* buf, int N, int P) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < P) buf[i] = i < N ? data[i] : __int_as_float(0x7f800000);  // +inf sorts last
}

__global__ void bitonic_step(float* buf, int j, int k) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;  // pair number, P / 2 of them
    const int lo = 2 * j * (t / j) + t % j, hi = lo + j;
    const bool ascending = (lo & k) == 0;
    const float a = buf[lo], b = buf[hi];
    if ((a > b) == ascending) {
        buf[lo] = b;
        buf[hi] = a;
    }
}

static float* buf = nullptr;

extern "C" void solve(float* data, int N) {
    int P = 1;
    while (P < N) P *= 2;
    if (buf == nullptr) cudaMalloc(&buf, (1 << 20) * sizeof(float));  // the largest P for N <= 1,000,000
    pad_copy<<<(P + THREADS - 1) / THREADS, THREADS>>>(data, buf, N, P);
    const int pairs = P / 2, blocks = (pairs + THREADS - 1) / THREADS;
    for (int k = 2; k <= P; k *= 2)
        for (int j = k / 2; j > 0; j /= 2) bitonic_step<<<blocks, pairs < THREADS ? pairs : THREADS>>>(buf, j, k);
    cudaMemcpy(data, buf, (size_t)N * sizeof(float), cudaMemcpyDeviceToDevice);
}
