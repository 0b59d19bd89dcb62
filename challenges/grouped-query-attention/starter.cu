#include <cuda_runtime.h>

// One thread could own one (query head h, position i) pair: find its key/value head
// g = h / (num_q_heads / num_kv_heads), score Q[h][i] against every row of K[g], take the softmax,
// and write output[h][i][0..head_dim) from the rows of V[g].
__global__ void solve_kernel(const float* Q, const float* K, const float* V, float* output, int num_q_heads,
                             int num_kv_heads, int seq_len, int head_dim) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < num_q_heads * seq_len) {
        // Your turn.
    }
}

// Q, K, V, output are device pointers.
extern "C" void solve(const float* Q, const float* K, const float* V, float* output, int num_q_heads, int num_kv_heads,
                      int seq_len, int head_dim) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (num_q_heads * seq_len + threadsPerBlock - 1) / threadsPerBlock;
    solve_kernel<<<blocksPerGrid, threadsPerBlock>>>(Q, K, V, output, num_q_heads, num_kv_heads, seq_len, head_dim);
    cudaDeviceSynchronize();
}
