// Prefix sums by scan-then-propagate, then the window maximum: four kernels, all parallel.
//
// Blocks of 1024 threads scan 4,096-entry tiles (four entries per thread, warp shuffles, one
// shared-memory pass) into a scratch array and store each tile's total; one block of 1024
// threads scans the 12,000 totals into carries, 1,024 at a time; a third kernel adds each tile's
// carry; the last takes the maximum of prefix[i + W - 1] - prefix[i - 1] with atomicMax into
// output[0] (set to INT_MIN first). The prefix array goes through DRAM three times: written,
// read and rewritten for the carries, read twice for the windows (24 bytes per entry).
#include <cuda_runtime.h>

#define THREADS 1024
#define ITEMS 4
#define TILE (THREADS * ITEMS)
#define LOWEST (-2147483647 - 1)  // INT_MIN

static int* prefix = nullptr;
static int* tile_totals = nullptr;
static size_t capacity = 0;  // entries of prefix

// Inclusive scan of v across the block; *total gets the block's sum.
__device__ int block_scan(int v, int* total) {
    __shared__ int warp_sums[THREADS / 32];
    const int lane = threadIdx.x % 32;
    const int warp = threadIdx.x / 32;
    for (int offset = 1; offset < 32; offset *= 2) {
        const int t = __shfl_up_sync(0xffffffffu, v, offset);
        if (lane >= offset) v += t;
    }
    if (lane == 31) warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int s = warp_sums[lane];  // 32 warps: one per lane
        for (int offset = 1; offset < 32; offset *= 2) {
            const int t = __shfl_up_sync(0xffffffffu, s, offset);
            if (lane >= offset) s += t;
        }
        warp_sums[lane] = s;
    }
    __syncthreads();
    if (warp > 0) v += warp_sums[warp - 1];
    *total = warp_sums[THREADS / 32 - 1];
    return v;
}

// prefix[i] = input[tile start] + ... + input[i] within each tile; tile_totals[t] = tile t's sum.
__global__ void scan_tiles(const int* input, int* prefix, int* tile_totals, int N) {
    const int first = blockIdx.x * TILE + threadIdx.x * ITEMS;
    int v[ITEMS];
    if (first + ITEMS <= N) {
        const int4 q = *reinterpret_cast<const int4*>(input + first);
        v[0] = q.x; v[1] = q.y; v[2] = q.z; v[3] = q.w;
    } else {
        for (int k = 0; k < ITEMS; ++k) v[k] = first + k < N ? input[first + k] : 0;
    }
    for (int k = 1; k < ITEMS; ++k) v[k] += v[k - 1];
    int tile_total;
    const int before = block_scan(v[ITEMS - 1], &tile_total) - v[ITEMS - 1];
    if (first + ITEMS <= N) {
        *reinterpret_cast<int4*>(prefix + first) = make_int4(before + v[0], before + v[1], before + v[2], before + v[3]);
    } else {
        for (int k = 0; k < ITEMS; ++k)
            if (first + k < N) prefix[first + k] = before + v[k];
    }
    if (threadIdx.x == 0) tile_totals[blockIdx.x] = tile_total;
}

// One block: tile_totals[t] becomes the sum of the tiles before t, 1,024 totals per round.
__global__ void carries_block(int* tile_totals, int tiles) {
    int carry = 0;
    for (int base = 0; base < tiles; base += THREADS) {
        const int t = base + threadIdx.x;
        const int total = t < tiles ? tile_totals[t] : 0;
        int round_total;
        const int inclusive = block_scan(total, &round_total);
        if (t < tiles) tile_totals[t] = carry + inclusive - total;
        carry += round_total;
        __syncthreads();  // block_scan's shared memory is reused next round
    }
}

__global__ void add_carries(int* prefix, const int* carries, int N) {
    const int i = blockIdx.x * TILE + threadIdx.x;
    const int carry = carries[blockIdx.x];
    for (int k = 0; k < ITEMS; ++k)
        if (i + k * THREADS < N) prefix[i + k * THREADS] += carry;
}

__global__ void set_lowest(int* output) { output[0] = LOWEST; }

__global__ void window_max(const int* prefix, int* output, int N, int W) {
    __shared__ int warp_max[THREADS / 32];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = LOWEST;
    if (i <= N - W) v = prefix[i + W - 1] - (i > 0 ? prefix[i - 1] : 0);
    v = __reduce_max_sync(0xffffffffu, v);
    if (threadIdx.x % 32 == 0) warp_max[threadIdx.x / 32] = v;
    __syncthreads();
    if (threadIdx.x < 32) {
        v = __reduce_max_sync(0xffffffffu, warp_max[threadIdx.x]);
        if (threadIdx.x == 0) atomicMax(output, v);
    }
}

extern "C" void solve(const int* input, int* output, int N, int window_size) {
    const int tiles = (N + TILE - 1) / TILE;
    if (capacity < (size_t)N) {
        cudaFree(prefix);
        cudaFree(tile_totals);
        if (cudaMalloc(&prefix, (size_t)N * sizeof(int)) != cudaSuccess) return;
        if (cudaMalloc(&tile_totals, (size_t)tiles * sizeof(int)) != cudaSuccess) return;
        capacity = N;
    }
    scan_tiles<<<tiles, THREADS>>>(input, prefix, tile_totals, N);
    carries_block<<<1, THREADS>>>(tile_totals, tiles);
    add_carries<<<tiles, THREADS>>>(prefix, tile_totals, N);
    const int windows = N - window_size + 1;
    set_lowest<<<1, 1>>>(output);
    window_max<<<(windows + THREADS - 1) / THREADS, THREADS>>>(prefix, output, N, window_size);
    cudaDeviceSynchronize();
}
