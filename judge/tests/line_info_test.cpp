// compute-sanitizer (--sanitize) names file:line from the line table the compiler leaves in the
// CUBIN: the nvrtc engine must compile with -lineinfo and its device part must carry the user's
// file name (#line 1 "<file>"). GPU-free: the CUBIN sits uncompressed in the nvrtc artifact.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "compile/compiler.hpp"
#include "compile_cache_env.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

TEST(LineInfo, NvrtcArtifactNamesTheUsersFile) {
  testing::TempDir dir;
  // A name no generated file of the engine uses, so finding it means the line table has it.
  const auto file = dir.write("lineinfo_probe_7f3a.cu", R"(#include <cuda_runtime.h>
__global__ void add(const float* A, const float* B, float* C, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) C[i] = A[i] + B[i];
}
extern "C" void solve(const float* A, const float* B, float* C, int N) {
  add<<<(N + 255) / 256, 256>>>(A, B, C, N);
}
)");
  compile::CompileRequest r = testing::compile_request("vector-addition", file, "lineinfo_probe_7f3a.cu", "nvrtc");
  r.use_cache = false;
  const compile::CompileOutcome out = compile::compile(r);
  ASSERT_EQ(out.status, compile::CompileOutcome::Status::ok) << out.log;
  std::ifstream in(out.artifact, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  EXPECT_NE(bytes.str().find("lineinfo_probe_7f3a.cu"), std::string::npos)
      << "the nvrtc artifact carries no line table naming the user's file: is -lineinfo passed?";
}

}  // namespace
}  // namespace judge
