// Construct: text a naive splitter would misread. Comments, strings, character literals and
// raw strings below contain <<<, >>>, __global__ and unbalanced braces; a disabled #if 0 block
// holds a whole fake kernel; shifts (<<, >>) sit in kernel and host expressions right next to
// a template launch. Host: vector-addition.
#include <cuda_runtime.h>

#include <cstring>

/* A block comment with a fake launch: fake<<<1, 1>>>(); and a stray brace {
   __global__ void not_a_kernel() { }
*/
// A line comment: } } __global__ void also_not_a_kernel(int x) { <<<

#if 0
__global__ void disabled_kernel(float* p) { p[0] = 1.0f; }
static void disabled_launch() { disabled_kernel<<<1, 1>>>(nullptr); }
#endif

static const char kNote[] = "launch with kernel<<<grid, block>>>(args); __global__ { {";
static const char kBrace = '{';
constexpr bool kWide = sizeof(float) > 2;
static const char* const kRaw = R"judge(
  __global__ void raw_kernel() { }   <<<1, 1>>>   "quotes" and ) and } inside
)judge";

template <int SHIFT, bool WIDE>
__global__ void add_shifted(const float* A, const float* B, float* C, int N) {
  const int per_thread = 1 << SHIFT;  // << inside a kernel
  const int base = (blockIdx.x * blockDim.x + threadIdx.x) << SHIFT;
  for (int k = 0; k < per_thread; ++k) {
    const int i = base + k;
    if (i < N) C[i] = A[i] + B[i];  // "}" in a comment after code
  }
  (void)WIDE;
}

extern "C" void solve(const float* A, const float* B, float* C, int N) {
  // The strings are used, so they are not optimised away as dead text.
  const size_t text = std::strlen(kNote) + std::strlen(kRaw) + (kBrace == '{' ? 1 : 0);
  const int threads = static_cast<int>(128 + (text >> 16));  // text is far below 64 KiB: 128
  const int per_block = threads << 1;
  add_shifted<1, kWide><<<(N + per_block - 1) / per_block, threads>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
