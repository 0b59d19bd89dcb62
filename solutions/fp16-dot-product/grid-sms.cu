// One 256-thread block per SM: grid-stride loop of 2-byte loads with a float accumulator, warp
// shuffles and a float atomicAdd per block, then a one-thread kernel stores the half. Every SM
// works, but at an eighth of its thread capacity too few loads are in flight to cover the
// memory latency.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define THREADS 256
#define WARPS (THREADS / 32)

__device__ float total;

__global__ void dot_grid_sms(const half* A, const half* B, int N) {
    __shared__ float warp_sums[WARPS];
    float s = 0.0f;
    for (int i = blockIdx.x * THREADS + threadIdx.x; i < N; i += gridDim.x * THREADS)
        s += __half2float(A[i]) * __half2float(B[i]);
    for (int offset = 16; offset > 0; offset /= 2) s += __shfl_down_sync(0xffffffffu, s, offset);
    if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = s;
    __syncthreads();
    if (threadIdx.x == 0) {
        float t = 0.0f;
        for (int w = 0; w < WARPS; ++w) t += warp_sums[w];
        atomicAdd(&total, t);
    }
}

__global__ void store_half(half* result) { result[0] = __float2half(total); }

extern "C" void solve(const half* A, const half* B, half* result, int N) {
    static float* total_ptr = nullptr;
    static int sms = 0;
    if (total_ptr == nullptr) {
        cudaGetSymbolAddress(reinterpret_cast<void**>(&total_ptr), total);
        int device = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    }
    cudaMemsetAsync(total_ptr, 0, sizeof(float));
    dot_grid_sms<<<sms, THREADS>>>(A, B, N);
    store_half<<<1, 1>>>(result);
    cudaDeviceSynchronize();
}
