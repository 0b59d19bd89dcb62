// `--sanitize` on a GPU: each tool names the bug it exists for, with the line in the user's file.
// Skips without a device or without compute-sanitizer, saying which.
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "gpu_support.hpp"
#include "judging/sanitize.hpp"
#include "judging/submission.hpp"

namespace judge {
namespace {

using judging::Verdict;

#define REQUIRE_GPU_AND_SANITIZER()                                                                            \
  do {                                                                                                         \
    if (!testing::no_device_reason().empty()) GTEST_SKIP() << "no GPU: " << testing::no_device_reason();       \
    if (auto s = judging::find_compute_sanitizer(); !s) GTEST_SKIP() << "no sanitizer: " << s.error().message; \
  } while (0)

// vector-addition; the kernel body starts on line 4 of solution.cu.
constexpr const char* kHead = R"(#include <cuda_runtime.h>
__global__ void add(const float* A, const float* B, float* C, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
)";
constexpr const char* kTail = R"(}
extern "C" void solve(const float* A, const float* B, float* C, int N) {
  add<<<(N + 255) / 256, 256>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
)";

judging::RunResult judge_under(const std::string& tool, const std::string& body, const std::string& engine = "auto") {
  testing::TempDir dir;
  const auto file = dir.write("solution.cu", std::string(kHead) + body + kTail);
  auto c = testing::catalog().challenge("vector-addition");
  auto suite = testing::catalog().testcases(*c);
  judging::RunOptions opt;
  opt.kinds = {spec::CaseKind::example, spec::CaseKind::functional, spec::CaseKind::performance};
  opt.runner_executable = JUDGE_BINARY;
  opt.engine = engine;
  opt.sanitize = tool;
  opt.sanitizer = *judging::find_compute_sanitizer();
  return judging::judge_submission(*c, *suite, file, "solution.cu", opt);
}

std::string describe(const judging::RunResult& r) {
  std::string s = std::string(judging::verdict_code(r.verdict)) + " " + r.summary;
  for (const auto& t : r.tests) {
    s += "\n  " + t.name + ": " + std::string(judging::verdict_code(t.verdict)) + " " + t.summary;
    for (const auto& d : t.details) s += "\n    " + d;
  }
  return s;
}

TEST(GpuSanitize, CorrectSolutionPassesAndThePerformanceCaseIsNotRun) {
  REQUIRE_GPU_AND_SANITIZER();
  const auto r = judge_under("memcheck", "  if (i < N) C[i] = A[i] + B[i];\n");
  EXPECT_EQ(r.verdict, Verdict::AC) << describe(r);
  for (const auto& t : r.tests) EXPECT_NE(t.kind, spec::CaseKind::performance) << t.name;
  EXPECT_NE(r.sanitizer_note.find("performance case is not run"), std::string::npos) << r.sanitizer_note;
}

TEST(GpuSanitize, MemcheckNamesAnOutOfBoundsReadAndItsLine) {
  REQUIRE_GPU_AND_SANITIZER();
  for (const char* engine : {"nvrtc", "nvcc"}) {
    const auto r = judge_under("memcheck", "  if (i < N) C[i] = A[i + 1] + B[i];\n", engine);
    ASSERT_EQ(r.verdict, Verdict::RTE) << engine << "\n" << describe(r);
    const std::string& summary = r.tests.back().summary;
    EXPECT_NE(summary.find("memcheck: invalid __global__ read"), std::string::npos) << engine << ": " << summary;
    EXPECT_NE(summary.find("solution.cu:4"), std::string::npos) << engine << ": " << summary;
    EXPECT_NE(summary.find("past the end of A"), std::string::npos) << engine << ": " << summary;
  }
}

TEST(GpuSanitize, InitcheckNamesAnOutputReadBeforeItIsWritten) {
  REQUIRE_GPU_AND_SANITIZER();
  const auto r = judge_under("initcheck", "  if (i < N) C[i] += A[i] + B[i];\n");
  ASSERT_EQ(r.verdict, Verdict::RTE) << describe(r);
  const std::string& summary = r.tests.back().summary;
  EXPECT_NE(summary.find("reads output C before writing it"), std::string::npos) << summary;
  EXPECT_NE(summary.find("solution.cu:4"), std::string::npos) << summary;
}

TEST(GpuSanitize, RacecheckNamesASharedMemoryRace) {
  REQUIRE_GPU_AND_SANITIZER();
  // Each thread reads its neighbour's slot with no __syncthreads between the write and the read.
  const auto r = judge_under("racecheck",
                             "  __shared__ float tile[256];\n"                                  // line 4
                             "  tile[threadIdx.x] = i < N ? A[i] : 0.0f;\n"                     // line 5
                             "  float next = tile[(threadIdx.x + 1) % 256];\n"                  // line 6
                             "  if (i < N) C[i] = tile[threadIdx.x] + B[i] + 0.0f * next;\n");  // line 7
  ASSERT_EQ(r.verdict, Verdict::RTE) << describe(r);
  const std::string& summary = r.tests.back().summary;
  EXPECT_NE(summary.find("racecheck: race reported"), std::string::npos) << summary;
  EXPECT_NE(summary.find("solution.cu:5"), std::string::npos) << summary;
  EXPECT_NE(summary.find("solution.cu:6"), std::string::npos) << summary;
}

}  // namespace
}  // namespace judge
