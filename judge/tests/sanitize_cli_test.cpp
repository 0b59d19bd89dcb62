// `--sanitize` on the real binary, without a GPU: the option's checks and errors.
#include <gtest/gtest.h>

#include "test_support.hpp"
#include "util/subprocess.hpp"

namespace judge {
namespace {

util::CapturedRun judge_with(const std::string& sanitizer, std::vector<std::string> args) {
  testing::JudgeCall call;
  call.env = {"JUDGE_COMPUTE_SANITIZER=" + sanitizer};
  return testing::run_judge(args, call);
}

const std::string kSolution = std::string(JUDGE_TEST_ROOT) + "/solutions/vector-addition/naive.cu";

TEST(SanitizeCli, OnlyTheFourToolsAreAccepted) {
  const auto r = judge_with("", {"run", "vector-addition", kSolution, "--sanitize", "leakcheck"});
  EXPECT_EQ(r.status.code, 2) << r.err.text;
}

TEST(SanitizeCli, PerformanceOnlyIsAUsageError) {
  const auto r =
      judge_with("", {"run", "vector-addition", kSolution, "--sanitize", "memcheck", "--tests", "performance"});
  EXPECT_EQ(r.status.code, 2);
  EXPECT_NE(r.err.text.find("--tests example,functional"), std::string::npos) << r.err.text;
}

TEST(SanitizeCli, AMissingToolIsNamed) {
  const auto r =
      judge_with("/nonexistent/compute-sanitizer", {"run", "vector-addition", kSolution, "--sanitize", "initcheck"});
  EXPECT_EQ(r.status.code, 3);
  EXPECT_NE(r.err.text.find("JUDGE_COMPUTE_SANITIZER=/nonexistent/compute-sanitizer"), std::string::npos) << r.err.text;
}

TEST(SanitizeCli, RunAndGradeOfferItBaselineAddDoesNot) {
  EXPECT_NE(judge_with("", {"run", "--help"}).out.text.find("--sanitize"), std::string::npos);
  EXPECT_NE(judge_with("", {"grade", "--help"}).out.text.find("--sanitize"), std::string::npos);
  EXPECT_EQ(judge_with("", {"baseline", "add", "--help"}).out.text.find("--sanitize"), std::string::npos);
}

}  // namespace
}  // namespace judge
