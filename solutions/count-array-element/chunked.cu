// Uncoalesced: every thread counts its own contiguous chunk of the array.
//
// The CPU habit of splitting an array into one contiguous chunk per worker: a GPU-sized grid,
// and thread t scans elements [t * chunk, (t + 1) * chunk). Each thread's reads are sequential,
// but at any moment the 32 threads of a warp read 32 addresses a chunk apart, 32 different cache
// lines per load instruction instead of one. Lines are fetched whole and must survive in L1
// until the thread comes back for the next element, which with thousands of threads per SM they
// often do not. The counts are then combined per warp (__reduce_add_sync) and per block, with
// one atomicAdd per block into output[0], zeroed first with cudaMemset.
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__global__ void chunked_count(const int* input, int* output, int N, int K, int chunk) {
    __shared__ int warp_counts[WARPS];
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    const long long begin = t * chunk;
    long long end = begin + chunk;
    if (end > N) end = N;
    int count = 0;
    for (long long i = begin; i < end; ++i) count += (input[i] == K);

    count = __reduce_add_sync(0xffffffffu, count);
    if (threadIdx.x % 32 == 0) warp_counts[threadIdx.x / 32] = count;
    __syncthreads();
    if (threadIdx.x == 0) {
        int total = 0;
        for (int w = 0; w < WARPS; ++w) total += warp_counts[w];
        if (total != 0) atomicAdd(output, total);
    }
}

extern "C" void solve(const int* input, int* output, int N, int K) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sm_count = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sm_count * (2048 / THREADS);
    }
    int blocks = (N + THREADS - 1) / THREADS;
    if (blocks > max_blocks) blocks = max_blocks;
    const int threads_total = blocks * THREADS;
    const int chunk = (N + threads_total - 1) / threads_total;  // elements per thread
    cudaMemset(output, 0, sizeof(int));
    chunked_count<<<blocks, THREADS>>>(input, output, N, K, chunk);
    cudaDeviceSynchronize();
}
