// The grid of grid-lists.cu built by a counting sort instead of linked lists: agents are
// counted per cell, the counts scanned into cell starts and the agents scattered into one array
// in cell order. A cell's candidates are then one contiguous run of float4s, read with
// independent, mostly coalesced loads instead of a chain of dependent ones.
//
// Faster than grid-lists.cu: no pointer chasing, and neighbouring cells' agents sit together
// in memory.
#include <cuda_runtime.h>

#define THREADS 256
#define MAX_AXIS 2000  // at most 2001 x 2001 cells
#define MAX_CELLS (2001 * 2001)

// Floats mapped to unsigned ints in the same order, so atomicMin/atomicMax find a bounding box.
__host__ __device__ inline unsigned ordered(float f) {
  const unsigned u = *reinterpret_cast<unsigned*>(&f);
  return (u & 0x80000000u) ? ~u : u | 0x80000000u;
}
__host__ __device__ inline float unordered(unsigned u) {
  const unsigned v = (u & 0x80000000u) ? u & 0x7fffffffu : ~u;
  return *reinterpret_cast<const float*>(&v);
}

struct Grid {
  float min_x, min_y, cell;  // cell >= 5.01: agents closer than 5 are in the same or adjacent cells
  int nx, ny;
};

__device__ inline int cell_of(const Grid& g, float x, float y) {
  const int cx = min(g.nx - 1, (int)((x - g.min_x) / g.cell));
  const int cy = min(g.ny - 1, (int)((y - g.min_y) / g.cell));
  return cy * g.nx + cx;
}

__global__ void bounding_box(const float4* agents, int N, unsigned* box) {
  unsigned lo_x = 0xffffffffu, lo_y = 0xffffffffu, hi_x = 0u, hi_y = 0u;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) {
    const float4 a = agents[i];
    lo_x = min(lo_x, ordered(a.x));
    lo_y = min(lo_y, ordered(a.y));
    hi_x = max(hi_x, ordered(a.x));
    hi_y = max(hi_y, ordered(a.y));
  }
  for (int o = 16; o > 0; o >>= 1) {
    lo_x = min(lo_x, __shfl_xor_sync(0xffffffffu, lo_x, o));
    lo_y = min(lo_y, __shfl_xor_sync(0xffffffffu, lo_y, o));
    hi_x = max(hi_x, __shfl_xor_sync(0xffffffffu, hi_x, o));
    hi_y = max(hi_y, __shfl_xor_sync(0xffffffffu, hi_y, o));
  }
  if ((threadIdx.x & 31) == 0) {
    atomicMin(&box[0], lo_x);
    atomicMin(&box[1], lo_y);
    atomicMax(&box[2], hi_x);
    atomicMax(&box[3], hi_y);
  }
}

// The bounding box on the host, and from it cells of at least 5.01 (at most MAX_AXIS per axis).
static Grid make_grid(const float4* agents, int N, unsigned* box) {
  cudaMemsetAsync(box, 0xff, 2 * sizeof(unsigned));
  cudaMemsetAsync(box + 2, 0, 2 * sizeof(unsigned));
  bounding_box<<<min((N + THREADS - 1) / THREADS, 264), THREADS>>>(agents, N, box);
  unsigned h[4];
  cudaMemcpy(h, box, sizeof(h), cudaMemcpyDeviceToHost);
  Grid g;
  g.min_x = unordered(h[0]);
  g.min_y = unordered(h[1]);
  const float ex = unordered(h[2]) - g.min_x, ey = unordered(h[3]) - g.min_y;
  g.cell = fmaxf(5.01f, fmaxf(ex, ey) / MAX_AXIS * 1.001f);
  g.nx = min(MAX_AXIS + 1, (int)(ex / g.cell) + 1);
  g.ny = min(MAX_AXIS + 1, (int)(ey / g.cell) + 1);
  return g;
}

__device__ inline float4 updated(float4 a, float sx, float sy, int count) {
  const float ax = count > 0 ? sx / count : a.z, ay = count > 0 ? sy / count : a.w;
  const float nvx = a.z + 0.05f * (ax - a.z), nvy = a.w + 0.05f * (ay - a.w);
  return make_float4(a.x + nvx, a.y + nvy, nvx, nvy);
}

// Counting sort of the agents by cell: count (each agent also keeps its rank within its cell),
// exclusive scan of the counts into cell starts, scatter.
__global__ void count_cells(const float4* agents, int N, Grid g, int* counts, int* cell, int* rank) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  const float4 a = agents[i];
  const int c = cell_of(g, a.x, a.y);
  cell[i] = c;
  rank[i] = atomicAdd(&counts[c], 1);
}

#define SCAN_BLOCK 1024

// Exclusive scan of each 1024-element block; the block's total goes to totals[block].
__global__ void scan_blocks(const int* in, int* out, int* totals, int n) {
  __shared__ int warp_sums[32];
  const int i = blockIdx.x * SCAN_BLOCK + threadIdx.x, lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int v = i < n ? in[i] : 0;
  int x = v;
  for (int o = 1; o < 32; o <<= 1) {
    const int y = __shfl_up_sync(0xffffffffu, x, o);
    if (lane >= o) x += y;
  }
  if (lane == 31) warp_sums[warp] = x;
  __syncthreads();
  if (warp == 0) {
    int w = warp_sums[lane];
    for (int o = 1; o < 32; o <<= 1) {
      const int y = __shfl_up_sync(0xffffffffu, w, o);
      if (lane >= o) w += y;
    }
    warp_sums[lane] = w;  // inclusive over warps
  }
  __syncthreads();
  const int before = (warp > 0 ? warp_sums[warp - 1] : 0) + x - v;
  if (i < n) out[i] = before;
  if (threadIdx.x == SCAN_BLOCK - 1) totals[blockIdx.x] = warp_sums[31];
}

// One block turns the block totals into block offsets (in place, exclusive).
__global__ void scan_totals(int* totals, int blocks) {
  __shared__ int carry;
  if (threadIdx.x == 0) carry = 0;
  __syncthreads();
  for (int base = 0; base < blocks; base += SCAN_BLOCK) {
    __shared__ int warp_sums[32];
    const int i = base + threadIdx.x, lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int v = i < blocks ? totals[i] : 0;
    int x = v;
    for (int o = 1; o < 32; o <<= 1) {
      const int y = __shfl_up_sync(0xffffffffu, x, o);
      if (lane >= o) x += y;
    }
    if (lane == 31) warp_sums[warp] = x;
    __syncthreads();
    if (warp == 0) {
      int w = warp_sums[lane];
      for (int o = 1; o < 32; o <<= 1) {
        const int y = __shfl_up_sync(0xffffffffu, w, o);
        if (lane >= o) w += y;
      }
      warp_sums[lane] = w;
    }
    __syncthreads();
    const int before = carry + (warp > 0 ? warp_sums[warp - 1] : 0) + x - v;
    __syncthreads();
    if (i < blocks) totals[i] = before;
    if (threadIdx.x == SCAN_BLOCK - 1) carry += warp_sums[31];
    __syncthreads();
  }
}

__global__ void add_offsets(int* out, const int* totals, int n) {
  const int i = blockIdx.x * SCAN_BLOCK + threadIdx.x;
  if (i < n) out[i] += totals[blockIdx.x];
}

static void exclusive_scan(const int* in, int* out, int* totals, int n) {
  const int blocks = (n + SCAN_BLOCK - 1) / SCAN_BLOCK;
  scan_blocks<<<blocks, SCAN_BLOCK>>>(in, out, totals, n);
  scan_totals<<<1, SCAN_BLOCK>>>(totals, blocks);
  add_offsets<<<blocks, SCAN_BLOCK>>>(out, totals, n);
}

__global__ void scatter(const float4* agents, int N, const int* cell, const int* rank, const int* start,
                        float4* sorted) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  sorted[start[cell[i]] + rank[i]] = agents[i];
}

__global__ void step_sorted(const float4* agents, float4* out, int N, Grid g, const int* cell, const int* rank,
                            const int* start, const int* counts, const float4* sorted) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  const float4 a = agents[i];
  const int c = cell[i], cx = c % g.nx, cy = c / g.nx, self = start[c] + rank[i];
  float sx = 0.0f, sy = 0.0f;
  int count = 0;
  for (int y = max(cy - 1, 0); y <= min(cy + 1, g.ny - 1); ++y)
    for (int x = max(cx - 1, 0); x <= min(cx + 1, g.nx - 1); ++x) {
      const int s = start[y * g.nx + x], e = s + counts[y * g.nx + x];
      for (int k = s; k < e; ++k) {
        const float4 b = sorted[k];
        const float dx = b.x - a.x, dy = b.y - a.y;
        if (k != self && dx * dx + dy * dy < 25.0f) {
          sx += b.z;
          sy += b.w;
          ++count;
        }
      }
    }
  out[i] = updated(a, sx, sy, count);
}

// agents, agents_next are device pointers.
extern "C" void solve(const float* agents, float* agents_next, int N) {
  static unsigned* box = nullptr;
  static int *counts, *start, *totals, *cell, *rank;
  static float4* sorted;
  if (box == nullptr) {
    cudaMalloc(&box, 4 * sizeof(unsigned));
    cudaMalloc(&counts, MAX_CELLS * sizeof(int));
    cudaMalloc(&start, MAX_CELLS * sizeof(int));
    cudaMalloc(&totals, (MAX_CELLS / SCAN_BLOCK + 1) * sizeof(int));
    cudaMalloc(&cell, 100000 * sizeof(int));
    cudaMalloc(&rank, 100000 * sizeof(int));
    cudaMalloc(&sorted, 100000 * sizeof(float4));
  }
  const float4* a = reinterpret_cast<const float4*>(agents);
  const Grid g = make_grid(a, N, box);
  const int cells = g.nx * g.ny, blocks = (N + THREADS - 1) / THREADS;
  cudaMemsetAsync(counts, 0, (size_t)cells * sizeof(int));
  count_cells<<<blocks, THREADS>>>(a, N, g, counts, cell, rank);
  exclusive_scan(counts, start, totals, cells);
  scatter<<<blocks, THREADS>>>(a, N, cell, rank, start, sorted);
  step_sorted<<<blocks, THREADS>>>(a, reinterpret_cast<float4*>(agents_next), N, g, cell, rank, start, counts, sorted);
}
