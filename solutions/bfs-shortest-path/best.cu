// Bidirectional BFS in one block: a search from the start and one from the end advance together,
// one level each per step, so a path of length D takes about D / 2 steps (block barriers)
// instead of D, and each search covers a ball of half the radius.
//
// The start side keeps warp-aggregated.cu's visited bitmap in shared memory. The end side keeps
// its distances (distT, -1 = not reached) in global memory, since two bitmaps of a 1000 x 1000
// grid do not fit in shared memory. Meeting: at step k the start side's frontier holds the cells
// at distance k from the start; a frontier cell u whose distT is already in [0, k] (written
// before this step, so exact) gives a path of length k + distT[u]. The first step where such a u
// exists is the first where D <= 2k, and the cell at position k of a shortest path is then on
// the frontier with distT = D - k, so the minimum over the step's candidates is exactly D. A
// distT written during the step (k + 1) is ignored, which keeps the test exact while the end
// side expands concurrently. The search stops with -1 when the start side runs out of cells, or
// when the end side does without having reached the start (the end lies in a closed region).
// Queue appends are aggregated per warp for both sides.
#include <cuda_runtime.h>
#include <limits.h>

#define THREADS 1024
#define MAX_CELLS (1000 * 1000)

__device__ int g_distT[MAX_CELLS];
__device__ int g_queueS[2][MAX_CELLS];
__device__ int g_queueT[2][MAX_CELLS];

// Reserve room for each lane's k cells with one atomicAdd per warp and store them.
__device__ __forceinline__ void warp_append(int* out, int* counter, const int* cells, int k, int lane) {
  int offset = k;
  for (int d = 1; d < 32; d <<= 1) {
    const int v = __shfl_up_sync(0xffffffffu, offset, d);
    if (lane >= d) offset += v;
  }
  int slot = 0;
  if (lane == 31 && offset > 0) slot = atomicAdd(counter, offset);
  slot = __shfl_sync(0xffffffffu, slot, 31) + offset - k;
  for (int j = 0; j < k; ++j) out[slot + j] = cells[j];
}

__global__ void __launch_bounds__(THREADS)
    bfs_bidirectional(const int* grid, int* result, int rows, int cols, int start, int end) {
  extern __shared__ unsigned availS[];  // bit set: free and not reached from the start
  __shared__ int countS[3], countT[3];
  __shared__ int best, meet_step;
  const int n_cells = rows * cols;
  const int n_words = (n_cells + 31) / 32;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  for (int w = warp; w < n_words; w += THREADS / 32) {
    const int cell = w * 32 + lane;
    const unsigned bits = __ballot_sync(0xffffffffu, cell < n_cells && grid[cell] == 0);
    if (lane == 0) availS[w] = bits;
  }
  if (threadIdx.x == 0) {
    countS[0] = countT[0] = 1;
    countS[1] = countT[1] = 0;
    countS[2] = countT[2] = 0;
    best = INT_MAX;
    meet_step = -1;
    g_queueS[0][0] = start;
    g_queueT[0][0] = end;
    g_distT[end] = 0;
  }
  __syncthreads();
  if (threadIdx.x == 0) availS[start >> 5] &= ~(1u << (start & 31));
  __syncthreads();

  int answer = -1;
  for (int step = 0;; ++step) {
    // meet_step is written (as the step's number) only during the step that meets; a value
    // from this step, written by a thread running ahead, is not looked at yet.
    const int m = meet_step;
    if (m >= 0 && m < step) {
      answer = best;
      break;
    }
    const int nS = countS[step % 3], nT = countT[step % 3];
    if (nS == 0) break;                                 // the start's region is exhausted
    if (nT == 0 && __ldcg(&g_distT[start]) < 0) break;  // the end's region is closed
    const int* inS = g_queueS[step & 1];
    const int* inT = g_queueT[step & 1];
    int* outS = g_queueS[(step + 1) & 1];
    int* outT = g_queueT[(step + 1) & 1];
    for (int base = 0; base < nS + nT; base += THREADS) {
      const int i = base + threadIdx.x;
      int claimedS[4], claimedT[4];
      int kS = 0, kT = 0;
      if (i < nS + nT) {
        const bool from_start = i < nS;
        const int cell = from_start ? inS[i] : inT[i - nS];
        if (from_start) {
          const int dT = __ldcg(&g_distT[cell]);
          if (dT >= 0 && dT <= step) {
            atomicMin(&best, step + dT);
            meet_step = step;
          }
        }
        const int r = cell / cols, c = cell - r * cols;
        int next[4];
        int n = 0;
        if (r > 0) next[n++] = cell - cols;
        if (r + 1 < rows) next[n++] = cell + cols;
        if (c > 0) next[n++] = cell - 1;
        if (c + 1 < cols) next[n++] = cell + 1;
        for (int j = 0; j < n; ++j) {
          const int nb = next[j];
          if (from_start) {
            const unsigned bit = 1u << (nb & 31);
            if ((availS[nb >> 5] & bit) == 0) continue;
            if ((atomicAnd(&availS[nb >> 5], ~bit) & bit) == 0) continue;
            claimedS[kS++] = nb;
          } else {
            if (grid[nb] != 0 || __ldcg(&g_distT[nb]) >= 0) continue;
            if (atomicCAS(&g_distT[nb], -1, step + 1) != -1) continue;
            claimedT[kT++] = nb;
          }
        }
      }
      warp_append(outS, &countS[(step + 1) % 3], claimedS, kS, lane);
      warp_append(outT, &countT[(step + 1) % 3], claimedT, kT, lane);
    }
    if (threadIdx.x == 0) {
      countS[(step + 2) % 3] = 0;
      countT[(step + 2) % 3] = 0;
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) *result = answer;
}

// grid, result are device pointers.
extern "C" void solve(const int* grid, int* result, int rows, int cols, int start_row, int start_col, int end_row,
                      int end_col) {
  static int* distT = nullptr;
  if (distT == nullptr) {
    cudaGetSymbolAddress(reinterpret_cast<void**>(&distT), g_distT);
    cudaFuncSetAttribute(bfs_bidirectional, cudaFuncAttributeMaxDynamicSharedMemorySize, (MAX_CELLS / 32) * 4);
  }
  const int n_cells = rows * cols;
  cudaMemsetAsync(distT, 0xff, (size_t)n_cells * sizeof(int));  // -1: not reached from the end
  const int shared = ((n_cells + 31) / 32) * (int)sizeof(unsigned);
  bfs_bidirectional<<<1, THREADS, shared>>>(grid, result, rows, cols, start_row * cols + start_col,
                                            end_row * cols + end_col);
}
