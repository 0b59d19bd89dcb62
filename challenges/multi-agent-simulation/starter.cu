#include <cuda_runtime.h>

// One thread per agent could look at every other agent, average the velocities of those closer
// than 5 (squared distance below 25), and write the agent's new position and velocity.
__global__ void step_kernel(const float* agents, float* agents_next, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    // Your turn.
  }
}

// agents, agents_next are device pointers.
extern "C" void solve(const float* agents, float* agents_next, int N) {
  int threadsPerBlock = 256;
  int blocksPerGrid = (N + threadsPerBlock - 1) / threadsPerBlock;
  step_kernel<<<blocksPerGrid, threadsPerBlock>>>(agents, agents_next, N);
  cudaDeviceSynchronize();
}
