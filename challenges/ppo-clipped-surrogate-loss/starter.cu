#include <cuda_runtime.h>

// One way to start: each thread computes the clipped surrogate term of one token; the block then
// adds up its threads' terms, and the block totals must be combined into the negative mean over
// all B * S tokens in output[0].
__global__ void ppo_loss_kernel(const float* advantages, const float* log_pi, const float* log_pi_old, float* output,
                                float clip_eps, int B, int S) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < B * S) {
        // Your turn: ratio = exp(log_pi[i] - log_pi_old[i]), its clip to [1 - clip_eps, 1 + clip_eps],
        //            the smaller of the two products with advantages[i], then into the mean.
    }
}

// advantages, log_pi, log_pi_old (B x S) and output (1 float) are device pointers.
// output holds garbage on entry.
extern "C" void solve(const float* advantages, const float* log_pi, const float* log_pi_old, float* output,
                      float clip_eps, int B, int S) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (B * S + threadsPerBlock - 1) / threadsPerBlock;
    ppo_loss_kernel<<<blocksPerGrid, threadsPerBlock>>>(advantages, log_pi, log_pi_old, output, clip_eps, B, S);
    cudaDeviceSynchronize();
}
