// Construct: a struct whose member functions are __device__ only (they use device built-ins),
// next to a __host__ __device__ member, and a device-only constructor with an initializer list.
// Host: leaky-relu (the host builds the functor and passes it by value).
#include <cuda_runtime.h>

struct LeakyRelu {
  float slope;

  __host__ __device__ explicit LeakyRelu(float s) : slope{s} {}

  __device__ float operator()(float x) const { return x > 0.0f ? x : __fmul_rn(slope, x); }

  __device__ int index() const { return static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x); }
};

template <class Op>
struct Elementwise {
  Op op;

  __device__ Elementwise(Op o) : op(o) {}

  __device__ void apply(const float* in, float* out, int n) const {
    const int i = op.index();
    if (i < n) out[i] = op(__ldg(in + i));
  }
};

__global__ void leaky_relu(const float* input, float* output, int N, LeakyRelu op) {
  Elementwise<LeakyRelu>(op).apply(input, output, N);
}

extern "C" void solve(const float* input, float* output, int N) {
  const LeakyRelu op(0.01f);
  leaky_relu<<<(N + 255) / 256, 256>>>(input, output, N, op);
  cudaDeviceSynchronize();
}
