// Ring 2: judging real solutions on a GPU. Without a device every test here skips and says why.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "../test_support.hpp"
#include "exec/runner.hpp"
#include "gpu_support.hpp"
#include "judging/submission.hpp"
#include "util/subprocess.hpp"

namespace judge {
namespace {

using judging::Verdict;

using testing::no_device_reason;

#define REQUIRE_GPU()                                                                  \
  do {                                                                                 \
    if (!no_device_reason().empty()) GTEST_SKIP() << "no GPU: " << no_device_reason(); \
  } while (0)

constexpr const char* kVectorAddHead = R"(#include <cuda_runtime.h>
__global__ void add(const float* A, const float* B, float* C, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
)";
constexpr const char* kVectorAddTail = R"(}
extern "C" void solve(const float* A, const float* B, float* C, int N) {
  add<<<(N + 255) / 256, 256>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
)";

judging::RunResult judge_vector_add(const std::string& kernel_body,
                                    std::set<spec::CaseKind> kinds = {spec::CaseKind::example,
                                                                      spec::CaseKind::functional}) {
  testing::TempDir dir;
  const auto file = dir.write("solution.cu", std::string(kVectorAddHead) + kernel_body + kVectorAddTail);
  auto c = testing::catalog().challenge("vector-addition");
  auto suite = testing::catalog().testcases(*c);
  judging::RunOptions opt;
  opt.kinds = std::move(kinds);
  opt.runner_executable = JUDGE_BINARY;
  return judging::judge_submission(*c, *suite, file, "solution.cu", opt);
}

std::string describe(const judging::RunResult& r) {
  std::string s = std::string(judging::verdict_code(r.verdict)) + " " + r.summary;
  for (const auto& t : r.tests)
    s += "\n  " + t.name + ": " + std::string(judging::verdict_code(t.verdict)) + " " + t.summary;
  return s;
}

TEST(GpuJudging, CorrectSolutionIsAccepted) {
  REQUIRE_GPU();
  const auto r = judge_vector_add("  if (i < N) C[i] = A[i] + B[i];\n",
                                  {spec::CaseKind::example, spec::CaseKind::functional, spec::CaseKind::performance});
  EXPECT_EQ(r.verdict, Verdict::AC) << describe(r);
  ASSERT_FALSE(r.tests.empty());
  ASSERT_TRUE(r.tests.back().timing.has_value()) << describe(r);
  EXPECT_GE(r.tests.back().timing->events.n, 20u);
  EXPECT_GT(r.tests.back().timing->events.median_ms, 0);
  // Timed calls after the first are validated on the device (exec/device_check.hpp).
  EXPECT_EQ(r.tests.back().timing->validation_method, "device");
  EXPECT_GE(r.tests.back().timing->validated_samples, 3u);
  // Where the time went: every part measured, none larger than the whole.
  const judging::TimeSplit& t = r.time_split;
  EXPECT_GT(t.total_ms, 0);
  EXPECT_GT(t.sampling_ms, 0);
  EXPECT_GT(t.functional_ms, 0);
  EXPECT_LE(t.compile_ms + t.data_ms + t.functional_ms + t.sampling_ms + t.validation_ms, t.total_ms * 1.001);
}

TEST(GpuJudging, ASolutionThatSkipsWorkAfterTheFirstCallIsCaughtOnTheDevice) {
  REQUIRE_GPU();
  // Right on the checked call, then nothing: the timed calls' outputs stay poisoned.
  testing::TempDir dir;
  const auto file = dir.write("lazy.cu", std::string(kVectorAddHead) + "  if (i < N) C[i] = A[i] + B[i];\n" +
                                             R"(}
extern "C" void solve(const float* A, const float* B, float* C, int N) {
  static int calls = 0;
  if (calls++ > 0) return;
  add<<<(N + 255) / 256, 256>>>(A, B, C, N);
  cudaDeviceSynchronize();
}
)");
  auto c = testing::catalog().challenge("vector-addition");
  auto suite = testing::catalog().testcases(*c);
  judging::RunOptions opt;
  opt.kinds = {spec::CaseKind::performance};
  opt.runner_executable = JUDGE_BINARY;
  const auto r = judging::judge_submission(*c, *suite, file, "lazy.cu", opt);
  EXPECT_EQ(r.verdict, Verdict::WA) << describe(r);
}

TEST(GpuJudging, OnePastTheEndIsCaughtByName) {
  REQUIRE_GPU();
  const auto r = judge_vector_add("  if (i <= N) C[i] = (i < N) ? A[i] + B[i] : 1.0f;\n");
  EXPECT_EQ(r.verdict, Verdict::RTE) << describe(r);
  ASSERT_FALSE(r.tests.empty());
  EXPECT_NE(r.tests.back().summary.find("wrote outside C (element N"), std::string::npos) << describe(r);
}

TEST(GpuJudging, UnwrittenTailIsReported) {
  REQUIRE_GPU();
  const auto r = judge_vector_add("  if (i < N - 1) C[i] = A[i] + B[i];\n");
  EXPECT_EQ(r.verdict, Verdict::WA) << describe(r);
  EXPECT_NE(r.tests.back().summary.find("never written"), std::string::npos) << describe(r);
}

TEST(GpuJudging, ModifiedInputIsWrongAnswer) {
  REQUIRE_GPU();
  const auto r = judge_vector_add("  if (i < N) { C[i] = A[i] + B[i]; const_cast<float*>(A)[i] = 0.0f; }\n");
  EXPECT_EQ(r.verdict, Verdict::WA) << describe(r);
  EXPECT_NE(r.tests.back().summary.find("input A was modified"), std::string::npos) << describe(r);
}

TEST(GpuJudging, IllegalAddressIsRuntimeErrorAndTheNextRunWorks) {
  REQUIRE_GPU();
  const auto bad = judge_vector_add(
      // volatile: a store through a literal null is folded into a trap (cudaErrorLaunchFailure)
      "  if (i < N) C[i] = A[i] + B[i];\n  float* volatile nowhere = nullptr;\n  if (i == 0) nowhere[i] = 1.0f;\n");
  EXPECT_EQ(bad.verdict, Verdict::RTE) << describe(bad);
  EXPECT_NE(bad.tests.back().summary.find("cudaErrorIllegalAddress"), std::string::npos) << describe(bad);
  const auto good = judge_vector_add("  if (i < N) C[i] = A[i] + B[i];\n");
  EXPECT_EQ(good.verdict, Verdict::AC) << describe(good);
}

TEST(GpuJudging, HangIsTimeLimitWithinAboutASecondOfTheLimit) {
  REQUIRE_GPU();
  const auto start = std::chrono::steady_clock::now();
  const auto r = judge_vector_add("  volatile int* spin = (volatile int*)C;\n  while (spin[0] == spin[0]) {}\n",
                                  {spec::CaseKind::example});
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.verdict, Verdict::TLE) << describe(r);
  // 2 s limit; compile (cached or not) and start-up come on top, so bound the whole run loosely
  // and the test's own time tightly.
  EXPECT_LT(s, 60.0);
  ASSERT_FALSE(r.tests.empty());
  EXPECT_NE(r.tests.back().summary.find("did not finish within 2.0 s"), std::string::npos) << describe(r);
}

TEST(GpuJudging, RunStopsACompileBombAtTheCompileTimeout) {
  REQUIRE_GPU();
  testing::TempDir dir;
  dir.write("bomb.cu", testing::kCompileBomb);
  util::SpawnOptions o;
  o.cwd = dir.path();
  o.argv = {JUDGE_BINARY, "--root",     JUDGE_TEST_ROOT,   "run",    "--json", "--compile-timeout",
            "1",          "--no-cache", "vector-addition", "bomb.cu"};
  const auto run = util::run_captured(o, 120000);
  ASSERT_TRUE(run);
  EXPECT_EQ(run->status.code, 1) << run->out.text << run->err.text;
  const auto doc = nlohmann::json::parse(run->out.text);
  EXPECT_EQ(doc["verdict"], "CE");
  EXPECT_EQ(doc["summary"], "compilation took longer than 1 s and was stopped");
}

TEST(GpuJudging, KeepGoingRestartsTheRunnerAfterACrash) {
  REQUIRE_GPU();
  // Crashes only on the first example (N == 4), passes the rest.
  const auto r = [&] {
    testing::TempDir dir;
    const auto file = dir.write(
        "solution.cu", std::string(kVectorAddHead) +
                           "  if (i < N) C[i] = A[i] + B[i];\n  if (N == 4 && i == 0) ((float*)nullptr)[0] = 1;\n" +
                           kVectorAddTail);
    auto c = testing::catalog().challenge("vector-addition");
    auto suite = testing::catalog().testcases(*c);
    judging::RunOptions opt;
    opt.kinds = {spec::CaseKind::example, spec::CaseKind::functional};
    opt.keep_going = true;
    opt.runner_executable = JUDGE_BINARY;
    return judging::judge_submission(*c, *suite, file, "solution.cu", opt);
  }();
  EXPECT_EQ(r.verdict, Verdict::RTE) << describe(r);
  EXPECT_EQ(r.tests.size(), r.tests_selected) << "every test ran";
  std::size_t accepted = 0;
  for (const auto& t : r.tests) accepted += t.verdict == Verdict::AC;
  EXPECT_GE(accepted, r.tests.size() - 2) << describe(r);
}

}  // namespace
}  // namespace judge
