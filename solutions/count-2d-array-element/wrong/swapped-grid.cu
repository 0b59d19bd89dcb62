// WRONG (WA): the grid's x and y sizes are computed from N and M the wrong way round.
//
// The kernel is right (x runs over the M columns, y over the N rows, with correct bounds), but
// the launch gives x ceil(N / 16) blocks and y ceil(M / 16) blocks. On a square matrix, or
// whenever both sizes round up to the same number of 16-wide tiles (the two examples), every
// entry is still covered. On a single row of 5000 entries only the first 16 columns are
// visited, so most matches are missed: wrong answer on the single-row test. The bounds check
// keeps every read inside the matrix.
#include <cuda_runtime.h>

__global__ void count_2d_kernel(const int* input, int* output, int N, int M, int K) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < M && input[row * M + col] == K) atomicAdd(output, 1);
}

extern "C" void solve(const int* input, int* output, int N, int M, int K) {
    cudaMemset(output, 0, sizeof(int));
    const dim3 threads(16, 16);
    // Bug: x must cover the M columns and y the N rows.
    const dim3 blocks((N + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y);
    count_2d_kernel<<<blocks, threads>>>(input, output, N, M, K);
    cudaDeviceSynchronize();
}
