// WRONG: float4.cu without the j != i test: every agent counts itself as its own neighbour
// (distance 0), so its own velocity enters the average (example 1; a lone agent is unaffected).
#include <cuda_runtime.h>

__global__ void step_float4(const float4* agents, float4* next, int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= N) return;
  const float4 a = agents[i];
  float sx = 0.0f, sy = 0.0f;
  int count = 0;
  for (int j = 0; j < N; ++j) {
    const float4 b = agents[j];
    const float dx = b.x - a.x, dy = b.y - a.y;
    if (dx * dx + dy * dy < 25.0f) {  // bug: j == i passes too
      sx += b.z;
      sy += b.w;
      ++count;
    }
  }
  const float ax = count > 0 ? sx / count : a.z, ay = count > 0 ? sy / count : a.w;
  const float nvx = a.z + 0.05f * (ax - a.z), nvy = a.w + 0.05f * (ay - a.w);
  next[i] = make_float4(a.x + nvx, a.y + nvy, nvx, nvy);
}

// agents, agents_next are device pointers.
extern "C" void solve(const float* agents, float* agents_next, int N) {
  step_float4<<<(N + 255) / 256, 256>>>(reinterpret_cast<const float4*>(agents), reinterpret_cast<float4*>(agents_next),
                                        N);
}
