// grid.cu with cells about 64 times larger: g = cbrt(N / 128), about 128 points per cell on
// uniform data, the "few big cells, one ring is enough" choice. The search is grid.cu's, and
// exact, but ring 0 never ends it (its bound is 0) and ring 1 then holds 27 cells: about 3,700
// candidates per point instead of grid.cu's few dozen, each loaded by a lane on its own (the
// queries run in the original order), so the loads scatter over 32 cache lines per warp step.
// Several times grid.cu's time, yet about a tenth of the brute force's 10^10 pairs.
#include <cuda_runtime.h>
#include <math.h>

constexpr float LO = -1000.0f;   // the statement's coordinate range is [-1000, 1000]
constexpr float SPAN = 2000.0f;
constexpr int SCAN_THREADS = 1024;

__device__ __forceinline__ int cell_coord(float v, int g, float inv_h) {
  const int c = (int)floorf((v - LO) * inv_h);
  return min(max(c, 0), g - 1);
}

__global__ void count_cells(const float* points, int N, int g, float inv_h, int* cell_of, int* counts) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  const int cx = cell_coord(points[3 * i], g, inv_h), cy = cell_coord(points[3 * i + 1], g, inv_h),
            cz = cell_coord(points[3 * i + 2], g, inv_h);
  const int c = (cz * g + cy) * g + cx;
  cell_of[i] = c;
  atomicAdd(&counts[c], 1);
}

// Exclusive scan of the cell counts in one block: each thread sums a run of cells, the block
// scans the run sums, and each thread writes its run's starts. starts[cells] = N.
__global__ void scan_cells(const int* counts, int* starts, int cells) {
  __shared__ int sums[SCAN_THREADS];
  const int per = (cells + SCAN_THREADS - 1) / SCAN_THREADS;
  const int b = min(cells, (int)threadIdx.x * per), e = min(cells, b + per);
  int s = 0;
  for (int k = b; k < e; ++k) s += counts[k];
  sums[threadIdx.x] = s;
  __syncthreads();
  for (int off = 1; off < SCAN_THREADS; off <<= 1) {
    const int v = threadIdx.x >= off ? sums[threadIdx.x - off] : 0;
    __syncthreads();
    sums[threadIdx.x] += v;
    __syncthreads();
  }
  int run = sums[threadIdx.x] - s;
  for (int k = b; k < e; ++k) {
    starts[k] = run;
    run += counts[k];
  }
  if (threadIdx.x == SCAN_THREADS - 1) starts[cells] = sums[SCAN_THREADS - 1];
}

// Points grouped by cell, as (x, y, z, index bits).
__global__ void scatter(const float* points, int N, const int* cell_of, const int* starts, int* fill, float4* sorted) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  const int c = cell_of[i];
  const int pos = starts[c] + atomicAdd(&fill[c], 1);
  sorted[pos] = make_float4(points[3 * i], points[3 * i + 1], points[3 * i + 2], __int_as_float(i));
}

// Rings of cells around the point's cell, r = 0, 1, 2, ...: a cell of ring r+1 is at least
// r * h away, so the search ends once the nearest found is closer than that (minus a slack for
// rounding), or when the rings cover the whole grid.
__device__ int search(const float4* sorted, const int* starts, int g, float h, float inv_h, float x, float y, float z,
                      int i) {
  const int cx = cell_coord(x, g, inv_h), cy = cell_coord(y, g, inv_h), cz = cell_coord(z, g, inv_h);
  const int r_max = max(max(max(cx, g - 1 - cx), max(cy, g - 1 - cy)), max(cz, g - 1 - cz));
  float best = INFINITY;
  int best_j = 0x7fffffff;
  for (int r = 0; r <= r_max; ++r) {
    for (int dz = -r; dz <= r; ++dz) {
      const int z_c = cz + dz;
      if (z_c < 0 || z_c >= g) continue;
      for (int dy = -r; dy <= r; ++dy) {
        const int y_c = cy + dy;
        if (y_c < 0 || y_c >= g) continue;
        const bool face = dz == -r || dz == r || dy == -r || dy == r;
        const int step = face ? 1 : max(1, 2 * r);  // inside the ring's faces only dx = -r and r
        for (int dx = -r; dx <= r; dx += step) {
          const int x_c = cx + dx;
          if (x_c < 0 || x_c >= g) continue;
          const int c = (z_c * g + y_c) * g + x_c;
          const int end = starts[c + 1];
          for (int k = starts[c]; k < end; ++k) {
            const float4 q = sorted[k];
            const int j = __float_as_int(q.w);
            const float ddx = q.x - x, ddy = q.y - y, ddz = q.z - z;
            const float d = ddx * ddx + ddy * ddy + ddz * ddz;
            if (j != i && (d < best || (d == best && j < best_j))) {
              best = d;
              best_j = j;
            }
          }
        }
      }
    }
    const float bound = r * h - 1e-2f;
    if (bound > 0.0f && best < bound * bound) break;
  }
  return best_j == 0x7fffffff ? 0 : best_j;
}

__global__ void query(const float* points, const float4* sorted, const int* starts, int* indices, int N, int g,
                      float h, float inv_h) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  indices[i] = search(sorted, starts, g, h, inv_h, points[3 * i], points[3 * i + 1], points[3 * i + 2], i);
}

extern "C" void solve(const float* points, int* indices, int N) {
  static int *cell_of = nullptr, *counts = nullptr, *starts = nullptr;
  static float4* sorted = nullptr;
  static int cap_n = 0, cap_cells = 0;
  const int g = max(1, (int)cbrt(N / 128.0));  // about 128 points per cell on uniform data
  const int cells = g * g * g;
  if (N > cap_n) {
    cudaFree(cell_of);
    cudaFree(sorted);
    cudaMalloc(&cell_of, N * sizeof(int));
    cudaMalloc(&sorted, N * sizeof(float4));
    cap_n = N;
  }
  if (cells > cap_cells) {
    cudaFree(counts);
    cudaFree(starts);
    cudaMalloc(&counts, cells * sizeof(int));
    cudaMalloc(&starts, (cells + 1) * sizeof(int));
    cap_cells = cells;
  }
  const float h = SPAN / g, inv_h = g / SPAN;
  const int threads = 256, blocks = (N + threads - 1) / threads;
  cudaMemsetAsync(counts, 0, cells * sizeof(int));
  count_cells<<<blocks, threads>>>(points, N, g, inv_h, cell_of, counts);
  scan_cells<<<1, SCAN_THREADS>>>(counts, starts, cells);
  cudaMemsetAsync(counts, 0, cells * sizeof(int));
  scatter<<<blocks, threads>>>(points, N, cell_of, starts, counts, sorted);
  query<<<blocks, threads>>>(points, sorted, starts, indices, N, g, h, inv_h);
  cudaDeviceSynchronize();
}
