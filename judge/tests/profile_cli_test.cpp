// `--profile` without a GPU: finding ncu, its command lines, reading its log, the option's checks
// on the real binary, and `judge doctor`'s ncu line.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "judging/profile_run.hpp"
#include "profile/ncu_tool.hpp"
#include "test_support.hpp"
#include "util/subprocess.hpp"

namespace judge {
namespace {

// Sets environment variables for one scope and puts the old values back.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = std::string(old);
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_)
      ::setenv(name_, old_->c_str(), 1);
    else
      ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

std::filesystem::path fake_ncu(const testing::TempDir& dir, const std::string& folder) {
  const auto p = dir.write(folder + "/ncu", "#!/bin/sh\nexit 0\n");
  ::chmod(p.c_str(), 0755);
  return p;
}

bool has(const std::vector<std::string>& argv, const std::string& a, const std::string& b) {
  for (std::size_t i = 0; i + 1 < argv.size(); ++i)
    if (argv[i] == a && argv[i + 1] == b) return true;
  return false;
}

TEST(FindNcu, JudgeNcuWins) {
  testing::TempDir dir;
  const auto ncu = fake_ncu(dir, "mine");
  ScopedEnv env("JUDGE_NCU", ncu.string());
  auto found = profile::find_ncu();
  ASSERT_TRUE(found) << found.error().message;
  EXPECT_EQ(*found, ncu);
}

TEST(FindNcu, ABadJudgeNcuIsNamed) {
  ScopedEnv env("JUDGE_NCU", "/nonexistent/ncu");
  auto found = profile::find_ncu();
  ASSERT_FALSE(found);
  EXPECT_NE(found.error().message.find("JUDGE_NCU=/nonexistent/ncu"), std::string::npos) << found.error().message;
}

TEST(FindNcu, OnPathAndUnderTheToolkitsNsightComputeFolder) {
  testing::TempDir dir;
  ScopedEnv judge_ncu("JUDGE_NCU", "");
  {
    const auto ncu = fake_ncu(dir, "bin");
    ScopedEnv path("PATH", (dir.path() / "bin").string() + ":/usr/bin");
    auto found = profile::find_ncu();
    ASSERT_TRUE(found) << found.error().message;
    EXPECT_EQ(*found, ncu);
  }
  // $CUDA_HOME/nsight-compute-<version>/ncu, the newest version first.
  fake_ncu(dir, "cuda/nsight-compute-2024.1.0");
  const auto newest = fake_ncu(dir, "cuda/nsight-compute-2025.3.1");
  ScopedEnv path("PATH", "/nonexistent");
  ScopedEnv home("CUDA_HOME", (dir.path() / "cuda").string());
  auto found = profile::find_ncu();
  ASSERT_TRUE(found) << found.error().message;
  EXPECT_EQ(*found, newest);
}

TEST(NcuCommand, ProfilesOnlySolvesLaunchesWithTheSections) {
  const auto argv = profile::ncu_profile_argv("/x/ncu", "/tmp/d/profile", "/tmp/d/ncu.log", 20);
  EXPECT_EQ(argv.front(), "/x/ncu");
  EXPECT_TRUE(has(argv, "--profile-from-start", "off"));
  EXPECT_TRUE(has(argv, "--launch-count", "20"));
  EXPECT_TRUE(has(argv, "--target-processes", "application-only"));
  EXPECT_TRUE(has(argv, "--export", "/tmp/d/profile"));
  EXPECT_TRUE(has(argv, "--log-file", "/tmp/d/ncu.log"));
  for (const char* s : {"SpeedOfLight", "MemoryWorkloadAnalysis", "Occupancy", "LaunchStats", "WarpStateStats",
                        "SourceCounters", "ComputeWorkloadAnalysis", "SchedulerStats"})
    EXPECT_TRUE(has(argv, "--section", s)) << s;
  EXPECT_EQ(profile::ncu_import_argv("/x/ncu", "/tmp/d/profile.ncu-rep"),
            (std::vector<std::string>{"/x/ncu", "--import", "/tmp/d/profile.ncu-rep", "--csv", "--page", "details",
                                      "--print-units", "base"}));
}

TEST(NcuLog, TheCounterPermissionErrorGetsTheFix) {
  const std::string log =
      "==PROF== Connected to process 1268 (/tmp/judge)\n"
      "==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters on "
      "the target device 0.\n";
  const std::string p = profile::ncu_log_problem(log);
  EXPECT_NE(p.find("ERR_NVGPUCTRPERM"), std::string::npos) << p;
  EXPECT_NE(p.find("NVreg_RestrictProfilingToAdminUsers=0"), std::string::npos) << p;
  EXPECT_NE(p.find("https://developer.nvidia.com/ERR_NVGPUCTRPERM"), std::string::npos) << p;
  EXPECT_EQ(p.find('\n'), std::string::npos) << "one line: " << p;
}

TEST(NcuLog, OtherErrorsAndNoKernels) {
  EXPECT_EQ(profile::ncu_log_problem("==PROF== ok\n==ERROR== Failed to connect\n"),
            "Nsight Compute failed: Failed to connect");
  EXPECT_NE(profile::ncu_log_problem("==WARNING== No kernels were profiled.\n").find("no kernel"), std::string::npos);
  // The capture's own log of a good run (judge/tests/data/ncu came from such runs).
  EXPECT_EQ(profile::ncu_log_problem("==PROF== Connected to process 772 (/tmp/drv-tiled)\n"
                                     "==PROF== Profiling \"matmul_tiled\" - 0: 0%....50%....100% - 23 passes\n"
                                     "==PROF== Disconnected from process 772\n"),
            "");
}

TEST(NcuLog, TheDriversCounterSetting) {
  EXPECT_EQ(profile::counters_admin_only("ResmanDebugLevel: 4294967295\nRmProfilingAdminOnly: 1\n"), true);
  EXPECT_EQ(profile::counters_admin_only("RmProfilingAdminOnly: 0\n"), false);
  EXPECT_EQ(profile::counters_admin_only("EnableMSI: 1\n"), std::nullopt);
}

TEST(ProfileRun, WithoutNcuTheProblemSaysWhereItLooked) {
  ScopedEnv env("JUDGE_NCU", "/nonexistent/ncu");
  auto c = testing::catalog().challenge("vector-addition");
  auto suite = testing::catalog().testcases(*c);
  judging::ProfileCandidate none;
  const profile::Profile p = judging::profile_performance_case(*suite, {}, {}, none);
  EXPECT_NE(p.problem.find("JUDGE_NCU=/nonexistent/ncu"), std::string::npos) << p.problem;
  EXPECT_EQ(p.test, "performance");
}

TEST(ProfileRun, AFailedPerformanceCaseIsNotProfiled) {
  testing::TempDir dir;
  ScopedEnv env("JUDGE_NCU", fake_ncu(dir, "bin").string());
  auto c = testing::catalog().challenge("vector-addition");
  auto suite = testing::catalog().testcases(*c);
  judging::TestResult wa;
  wa.kind = spec::CaseKind::performance;
  wa.verdict = judging::Verdict::WA;
  judging::ProfileCandidate none;
  EXPECT_NE(judging::profile_performance_case(*suite, {wa}, {}, none).problem.find("not accepted (WA)"),
            std::string::npos);
  EXPECT_NE(judging::profile_performance_case(*suite, {}, {}, none).problem.find("did not run"), std::string::npos);
}

util::CapturedRun judge_cli(std::vector<std::string> args, const std::string& ncu = "/nonexistent/ncu") {
  testing::JudgeCall call;
  call.env = {"JUDGE_NCU=" + ncu};
  return testing::run_judge(args, call);
}

const std::string kSolution = std::string(JUDGE_TEST_ROOT) + "/solutions/vector-addition/naive.cu";

TEST(ProfileCli, OnlyRunOffersIt) {
  EXPECT_NE(judge_cli({"run", "--help"}).out.text.find("--profile"), std::string::npos);
  EXPECT_EQ(judge_cli({"grade", "--help"}).out.text.find("--profile"), std::string::npos);
  EXPECT_EQ(judge_cli({"baseline", "add", "--help"}).out.text.find("--profile"), std::string::npos);
}

TEST(ProfileCli, ItNeedsThePerformanceCase) {
  const auto r = judge_cli({"run", "vector-addition", kSolution, "--profile", "--tests", "example"});
  EXPECT_EQ(r.status.code, 2);
  EXPECT_NE(r.err.text.find("include it in --tests"), std::string::npos) << r.err.text;
  const auto s = judge_cli({"run", "vector-addition", kSolution, "--profile", "--sanitize", "memcheck"});
  EXPECT_EQ(s.status.code, 2);
  EXPECT_NE(s.err.text.find("--sanitize does not run"), std::string::npos) << s.err.text;
}

TEST(ProfileCli, DoctorSaysWhetherNcuIsFound) {
  const auto missing = nlohmann::json::parse(judge_cli({"doctor", "--json"}).out.text);
  EXPECT_EQ(missing["ncu"], "");
  EXPECT_NE(missing["ncu_note"].get<std::string>().find("JUDGE_NCU=/nonexistent/ncu"), std::string::npos);
  EXPECT_NE(judge_cli({"doctor"}).out.text.find("ncu        not found (only --profile needs it)"), std::string::npos);
  testing::TempDir dir;
  const auto ncu = fake_ncu(dir, "bin");
  const auto found = nlohmann::json::parse(judge_cli({"doctor", "--json"}, ncu.string()).out.text);
  EXPECT_EQ(found["ncu"], ncu.string());
}

}  // namespace
}  // namespace judge
