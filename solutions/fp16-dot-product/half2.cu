// As two-pass, but each thread loads __half2 pairs (4 bytes) of A and B, converts them with
// __half22float2 and multiplies in float: half the load instructions for the same bytes. An odd
// N leaves one last pair for a scalar load. Block totals go to a scratch array and a second
// kernel adds them.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define MAX_BLOCKS 4096

__device__ float block_totals[MAX_BLOCKS];

__device__ float block_sum(float v) {
    __shared__ float warp_sums[WARPS];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = v;
    __syncthreads();
    float t = 0.0f;
    if (threadIdx.x == 0)
        for (int w = 0; w < WARPS; ++w) t += warp_sums[w];
    return t;
}

__global__ void block_dots(const half* A, const half* B, int N) {
    const __half2* A2 = reinterpret_cast<const __half2*>(A);
    const __half2* B2 = reinterpret_cast<const __half2*>(B);
    const int n2 = N / 2;
    const int gid = blockIdx.x * THREADS + threadIdx.x;
    float s = 0.0f;
    for (int i = gid; i < n2; i += gridDim.x * THREADS) {
        const float2 a = __half22float2(A2[i]), b = __half22float2(B2[i]);
        s += a.x * b.x + a.y * b.y;
    }
    if (gid == 0 && (N & 1)) s += __half2float(A[N - 1]) * __half2float(B[N - 1]);
    s = block_sum(s);
    if (threadIdx.x == 0) block_totals[blockIdx.x] = s;
}

__global__ void add_totals(half* result, int blocks) {
    float s = 0.0f;
    for (int j = threadIdx.x; j < blocks; j += THREADS) s += block_totals[j];
    s = block_sum(s);
    if (threadIdx.x == 0) result[0] = __float2half(s);
}

extern "C" void solve(const half* A, const half* B, half* result, int N) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sms = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sms * (2048 / THREADS);
        if (max_blocks > MAX_BLOCKS) max_blocks = MAX_BLOCKS;
    }
    int blocks = (N / 2 + THREADS - 1) / THREADS;
    if (blocks < 1) blocks = 1;
    if (blocks > max_blocks) blocks = max_blocks;
    block_dots<<<blocks, THREADS>>>(A, B, N);
    add_totals<<<1, THREADS>>>(result, blocks);
    cudaDeviceSynchronize();
}
