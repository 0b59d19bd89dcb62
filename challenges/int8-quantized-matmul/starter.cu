#include <cuda_runtime.h>
#include <stdint.h>

// One way to start: one thread per element C[row][col]. It sums
// (A[row][k] - zero_point_A) * (B[k][col] - zero_point_B) over k in an int, then requantizes
// the sum exactly as the statement says (float multiplier, rintf, zero point, clamp).
__global__ void quantized_matmul(const int8_t* A, const int8_t* B, int8_t* C, int M, int N, int K, float m,
                                 int zero_point_A, int zero_point_B, int zero_point_C) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < M && col < N) {
        // Your turn.
    }
}

// A is M x K, B is K x N and C is M x N, all row-major int8 device buffers. C holds garbage on
// entry.
extern "C" void solve(const int8_t* A, const int8_t* B, int8_t* C, int M, int N, int K, float scale_A,
                      float scale_B, float scale_C, int zero_point_A, int zero_point_B, int zero_point_C) {
    const float m = scale_A * scale_B / scale_C;  // step 2, in float
    dim3 threads(16, 16);
    dim3 blocks((N + threads.x - 1) / threads.x, (M + threads.y - 1) / threads.y);
    quantized_matmul<<<blocks, threads>>>(A, B, C, M, N, K, m, zero_point_A, zero_point_B, zero_point_C);
    cudaDeviceSynchronize();
}
