// Softmax, step 3: online softmax (max and sum in one pass), float4 loads and stores, two
// kernels.
//
// Changes from shuffle.cu:
// - The max and the sum are found in the same pass. Each thread keeps a running maximum m and a
//   running sum s of exp(x - m); when a larger value arrives, the sum so far is rescaled by
//   exp(m_old - m_new). Two (m, s) pairs merge the same way:
//       m = max(m1, m2),  s = s1 * exp(m1 - m) + s2 * exp(m2 - m)
//   so warps, blocks and finally the grid combine their pairs with shuffles. The input is read
//   twice instead of three times, and there are two launches instead of three.
// - Loads and stores are 16 bytes wide (float4). The judge may hand over pointers that are not
//   16-byte aligned; the 0-3 leading elements before the first aligned address and the 0-3
//   trailing elements are handled one at a time, and if input and output are misaligned
//   differently the normalize kernel falls back to scalar accesses.
//
//   1. stats kernel:     per block (m, s) -> block_m[], block_s[]
//   2. normalize kernel: every block merges all block pairs into (M, S) (a few hundred, one or
//                        two per thread), then output = expf(x - M) * (1 / S)
#include <cuda_runtime.h>
#include <math.h>
#include <stdint.h>

#define THREADS 256
#define WARPS (THREADS / 32)
#define MAX_BLOCKS 1024

__device__ float block_m[MAX_BLOCKS];
__device__ float block_s[MAX_BLOCKS];

// Merge (m2, s2) into (m, s). Empty pairs are (-inf, 0).
__device__ __forceinline__ void merge(float& m, float& s, float m2, float s2) {
    float m_new = fmaxf(m, m2);
    if (m_new == -INFINITY) return;  // both empty: avoid exp(-inf - -inf) = NaN
    s = s * expf(m - m_new) + s2 * expf(m2 - m_new);
    m = m_new;
}

__device__ __forceinline__ void add_value(float& m, float& s, float x) {
    if (x > m) {
        s = s * expf(m - x) + 1.0f;
        m = x;
    } else {
        s += expf(x - m);
    }
}

__device__ __forceinline__ void add_float4(float& m, float& s, float4 v) {
    float m4 = fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w));
    if (m4 > m) {
        s *= expf(m - m4);
        m = m4;
    }
    s += (expf(v.x - m) + expf(v.y - m)) + (expf(v.z - m) + expf(v.w - m));
}

// Block-wide merge; every thread gets the same (m, s).
__device__ void block_merge(float& m, float& s) {
    __shared__ float warp_m[WARPS];
    __shared__ float warp_s[WARPS];
    for (int offset = 16; offset > 0; offset /= 2) {
        float m2 = __shfl_xor_sync(0xffffffffu, m, offset);
        float s2 = __shfl_xor_sync(0xffffffffu, s, offset);
        merge(m, s, m2, s2);
    }
    if (threadIdx.x % 32 == 0) {
        warp_m[threadIdx.x / 32] = m;
        warp_s[threadIdx.x / 32] = s;
    }
    __syncthreads();
    m = warp_m[0];
    s = warp_s[0];
    for (int w = 1; w < WARPS; ++w) merge(m, s, warp_m[w], warp_s[w]);
}

// head: number of leading elements before the first 16-byte aligned address of input (0-3).
__global__ void stats_kernel(const float* input, int N, int head) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;
    float m = -INFINITY, s = 0.0f;

    if (gid < head) add_value(m, s, input[gid]);
    const float4* vec = reinterpret_cast<const float4*>(input + head);
    int n_vec = (N - head) / 4;
    for (int i = gid; i < n_vec; i += stride) add_float4(m, s, vec[i]);
    int tail = head + 4 * n_vec + gid;
    if (tail < N) add_value(m, s, input[tail]);

    block_merge(m, s);
    if (threadIdx.x == 0) {
        block_m[blockIdx.x] = m;
        block_s[blockIdx.x] = s;
    }
}

// head: leading elements handled one at a time (all N when the vector path is off).
__global__ void normalize_kernel(const float* input, float* output, int N, int head) {
    float m = -INFINITY, s = 0.0f;
    for (int j = threadIdx.x; j < gridDim.x; j += blockDim.x) merge(m, s, block_m[j], block_s[j]);
    block_merge(m, s);
    float inv_sum = 1.0f / s;

    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;
    for (int i = gid; i < head; i += stride) output[i] = expf(input[i] - m) * inv_sum;

    const float4* in_vec = reinterpret_cast<const float4*>(input + head);
    float4* out_vec = reinterpret_cast<float4*>(output + head);
    int n_vec = (N - head) / 4;
    for (int i = gid; i < n_vec; i += stride) {
        float4 v = in_vec[i];
        float4 r;
        r.x = expf(v.x - m) * inv_sum;
        r.y = expf(v.y - m) * inv_sum;
        r.z = expf(v.z - m) * inv_sum;
        r.w = expf(v.w - m) * inv_sum;
        out_vec[i] = r;
    }
    int tail = head + 4 * n_vec + gid;
    if (tail < N) output[tail] = expf(input[tail] - m) * inv_sum;
}

// solve ends without cudaDeviceSynchronize: the judge synchronises after the call, and a sync
// here would only add the host's wake-up latency (a few microseconds) to the measured time.
extern "C" void solve(const float* input, float* output, int N) {
    static int max_blocks = 0;
    if (max_blocks == 0) {
        int device = 0, sm_count = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device);
        max_blocks = sm_count * (2048 / THREADS);
        if (max_blocks > MAX_BLOCKS) max_blocks = MAX_BLOCKS;
    }
    uintptr_t in_address = reinterpret_cast<uintptr_t>(input);
    uintptr_t out_address = reinterpret_cast<uintptr_t>(output);
    int head = static_cast<int>(((16 - (in_address & 15)) & 15) / 4);
    if (head > N) head = N;
    // The vector path of the normalize kernel needs input and output aligned alike.
    int normalize_head = ((in_address ^ out_address) & 15) == 0 ? head : N;

    int blocks = (N + THREADS * 8 - 1) / (THREADS * 8);
    if (blocks > max_blocks) blocks = max_blocks;

    // Both kernels use the same grid, so gridDim.x is also the number of (m, s) slots.
    stats_kernel<<<blocks, THREADS>>>(input, N, head);
    normalize_kernel<<<blocks, THREADS>>>(input, output, N, normalize_head);
}
