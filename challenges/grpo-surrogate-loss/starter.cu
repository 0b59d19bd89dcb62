#include <cuda_runtime.h>

// One way to start: each thread computes the loss term of one token. It needs its sequence's
// advantage (the reward standardized within its group of G), the clipped surrogate and the KL
// penalty; the block then adds up its threads' terms, and the block totals must be combined into
// the negative mean over all B * G * S tokens in output[0].
__global__ void grpo_loss_kernel(const float* rewards, const float* log_pi, const float* log_pi_old,
                                 const float* log_ref, float* output, float clip_eps, float beta, int B, int G,
                                 int S) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < B * G * S) {
        // Your turn: the sequence is i / S, its group (i / S) / G; then
        //   surrogate = min(ratio * A, clamp(ratio, 1 - clip_eps, 1 + clip_eps) * A), ratio = exp(log_pi - log_pi_old)
        //   kl        = exp(log_ref - log_pi) - (log_ref - log_pi) - 1
        // and surrogate - beta * kl into the mean.
    }
}

// rewards (B x G), log_pi, log_pi_old, log_ref (B x G x S) and output (1 float) are device
// pointers. output holds garbage on entry.
extern "C" void solve(const float* rewards, const float* log_pi, const float* log_pi_old, const float* log_ref,
                      float* output, float clip_eps, float beta, int B, int G, int S) {
    int threadsPerBlock = 256;
    int blocksPerGrid = (B * G * S + threadsPerBlock - 1) / threadsPerBlock;
    grpo_loss_kernel<<<blocksPerGrid, threadsPerBlock>>>(rewards, log_pi, log_pi_old, log_ref, output, clip_eps, beta,
                                                         B, G, S);
    cudaDeviceSynchronize();
}
