// One thread per agent scans every other agent, reading its four floats from global memory,
// sums the velocities of those closer than 5 (squared distance below 25, no square root) and
// writes the agent's new velocity and position.
//
// O(N^2) pair tests with four scalar loads each; the loads are warp-wide broadcasts (all threads
// read the same agent j), so this is bound by load instructions, not bandwidth.
#include <cuda_runtime.h>

__global__ void step_naive(const float* agents, float* next, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  const float x = agents[4 * i], y = agents[4 * i + 1], vx = agents[4 * i + 2], vy = agents[4 * i + 3];
  float sx = 0.0f, sy = 0.0f;
  int count = 0;
  for (int j = 0; j < N; ++j) {
    const float dx = agents[4 * j] - x, dy = agents[4 * j + 1] - y;
    if (j != i && dx * dx + dy * dy < 25.0f) {
      sx += agents[4 * j + 2];
      sy += agents[4 * j + 3];
      ++count;
    }
  }
  const float ax = count > 0 ? sx / count : vx, ay = count > 0 ? sy / count : vy;
  const float nvx = vx + 0.05f * (ax - vx), nvy = vy + 0.05f * (ay - vy);
  next[4 * i] = x + nvx;
  next[4 * i + 1] = y + nvy;
  next[4 * i + 2] = nvx;
  next[4 * i + 3] = nvy;
}

// agents, agents_next are device pointers.
extern "C" void solve(const float* agents, float* agents_next, int N) {
  step_naive<<<(N + 255) / 256, 256>>>(agents, agents_next, N);
}
