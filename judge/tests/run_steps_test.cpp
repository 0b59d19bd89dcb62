// The decisions among the steps of one test (judging/run_steps.hpp), without a GPU: which build a
// test runs on, what the runner needs before it, the limit of one call, a timing's build, case
// and rank, and where a test's time goes.
#include "judging/run_steps.hpp"

#include <gtest/gtest.h>

#include <future>

#include "baseline/case_key.hpp"
#include "judging/sanitize.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

using judging::BuildChoice;
using judging::RunnerChange;

spec::TestCase case_of(spec::CaseKind kind, const std::string& name = "t") {
  spec::TestCase tc;
  tc.name = name;
  tc.kind = kind;
  return tc;
}

judging::TimingBuild finished_build(compile::CompileOutcome::Status status, const std::string& artifact,
                                    const std::string& log = "") {
  compile::CompileOutcome out;
  out.status = status;
  out.artifact = artifact;
  out.engine = "nvcc";
  out.log = log;
  std::promise<compile::CompileOutcome> done;
  done.set_value(out);
  return {done.get_future().share()};
}

TEST(RunSteps, AFunctionalCaseRunsOnTheJudgedBuildWithoutWaitingForTheTimingBuild) {
  std::promise<compile::CompileOutcome> never;  // an nvcc build still under way
  const judging::TimingBuild pending{never.get_future().share()};
  const BuildChoice b = judging::choose_build(case_of(spec::CaseKind::functional), "/c/nvrtc.so", "nvrtc", &pending);
  EXPECT_EQ(b.artifact, "/c/nvrtc.so");
  EXPECT_EQ(b.engine, "nvrtc");
  EXPECT_EQ(b.note, "");
  never.set_value({});
}

TEST(RunSteps, ThePerformanceCaseRunsOnTheTimingBuild) {
  const auto nvcc = finished_build(compile::CompileOutcome::Status::ok, "/c/nvcc.so");
  const BuildChoice b = judging::choose_build(case_of(spec::CaseKind::performance), "/c/nvrtc.so", "nvrtc", &nvcc);
  EXPECT_EQ(b.artifact, "/c/nvcc.so");
  EXPECT_EQ(b.engine, "nvcc");
  EXPECT_EQ(b.note, "");
}

TEST(RunSteps, AFailedTimingBuildTimesTheJudgedBuildAndSaysWhy) {
  const auto failed =
      finished_build(compile::CompileOutcome::Status::compile_error, "", "s.cu(3): error: bad\nsecond line\n");
  const BuildChoice b = judging::choose_build(case_of(spec::CaseKind::performance), "/c/nvrtc.so", "nvrtc", &failed);
  EXPECT_EQ(b.artifact, "/c/nvrtc.so");
  EXPECT_EQ(b.engine, "nvrtc");
  EXPECT_EQ(b.note, "the nvcc build for timing failed, so the NVRTC build was timed: s.cu(3): error: bad");
}

TEST(RunSteps, WithoutATimingBuildThePerformanceCaseRunsOnTheJudgedBuild) {
  const BuildChoice b = judging::choose_build(case_of(spec::CaseKind::performance), "/c/nvcc.so", "nvcc", nullptr);
  EXPECT_EQ(b.artifact, "/c/nvcc.so");
  EXPECT_EQ(b.engine, "nvcc");
}

TEST(RunSteps, TheRunnerIsReplacedWhenItDiedOrHasAnotherBuild) {
  EXPECT_EQ(judging::runner_change(true, "/c/a.so", "/c/a.so"), RunnerChange::keep);
  EXPECT_EQ(judging::runner_change(true, "/c/a.so", "/c/b.so"), RunnerChange::switch_build);
  EXPECT_EQ(judging::runner_change(false, "/c/a.so", "/c/a.so"), RunnerChange::restart);
  EXPECT_EQ(judging::runner_change(false, "/c/a.so", "/c/b.so"), RunnerChange::restart);
}

TEST(RunSteps, TheSolveLimitIsTheTestsOwnElseTheChallengesAndLongerUnderASanitizer) {
  spec::Challenge c;
  c.time_limit_ms = 2000;
  spec::TestCase tc = case_of(spec::CaseKind::functional);
  EXPECT_EQ(judging::solve_limit_ms(c, tc, false), 2000);
  tc.time_limit_ms = 5000;
  EXPECT_EQ(judging::solve_limit_ms(c, tc, false), 5000);
  EXPECT_EQ(judging::solve_limit_ms(c, tc, true), 5000 * judging::kSanitizerSlowdown);
  tc.time_limit_ms = 10;
  EXPECT_EQ(judging::solve_limit_ms(c, tc, true), judging::kSanitizerMinSolveMs);
}

TEST(RunSteps, AnUntimedTestsTimeIsDataAndFunctional) {
  judging::TestResult tr;
  judging::TimeSplit run;
  run.data_ms = 1;
  judging::account_test_time({30, 12, 4}, tr, run);
  EXPECT_DOUBLE_EQ(tr.time_split.data_ms, 30);
  EXPECT_DOUBLE_EQ(tr.time_split.check_ms, 4);
  EXPECT_DOUBLE_EQ(tr.time_split.total_ms, 42);
  EXPECT_DOUBLE_EQ(run.data_ms, 31);  // added to what the earlier tests took
  EXPECT_DOUBLE_EQ(run.functional_ms, 12);
  EXPECT_DOUBLE_EQ(run.sampling_ms, 0);
  EXPECT_DOUBLE_EQ(run.validation_ms, 0);
}

TEST(RunSteps, ATimedTestsMeasurementIsSamplingAndValidationNotFunctional) {
  judging::TestResult tr;
  tr.timing.emplace();
  tr.timing->timing_ms = 900;
  tr.timing->validation_ms = 100;
  judging::TimeSplit run;
  judging::account_test_time({200, 1000, 5}, tr, run);
  EXPECT_DOUBLE_EQ(tr.time_split.total_ms, 1200);  // the test's own split keeps the measurement
  EXPECT_DOUBLE_EQ(run.data_ms, 200);
  EXPECT_DOUBLE_EQ(run.validation_ms, 100);
  EXPECT_DOUBLE_EQ(run.sampling_ms, 800);
  EXPECT_DOUBLE_EQ(run.functional_ms, 100);
  judging::account_test_time({0, 850, 0}, tr, run);  // the clock read less than the runner's measure
  EXPECT_DOUBLE_EQ(run.functional_ms, 100);
}

struct RunStepsRanking : ::testing::Test {
  void SetUp() override {
    auto loaded = testing::catalog().challenge("vector-addition");
    ASSERT_TRUE(loaded) << loaded.error().message;
    c = *loaded;
    official = case_of(spec::CaseKind::performance, "official");
    larger = case_of(spec::CaseKind::performance, "larger");
    larger.ranks = true;
    suite.cases = {case_of(spec::CaseKind::example, "example-1"), official, larger};
    opt.data_root = testing::source_root();  // its ladder; no baseline stores
  }
  judging::TestResult timed(judging::Verdict v) {
    judging::TestResult tr;
    tr.verdict = v;
    tr.timing.emplace();
    return tr;
  }
  spec::Challenge c;
  spec::TestCase official, larger;
  spec::TestSuite suite;
  judging::RunOptions opt;
  const BuildChoice nvcc{"/c/nvcc.so", "nvcc", ""};
  const nlohmann::json device = {{"name", "NVIDIA H100 80GB HBM3"}};
};

TEST_F(RunStepsRanking, TheOfficialSizeIsTimedAndNamesTheCaseThatRanks) {
  judging::TestResult tr = timed(judging::Verdict::AC);
  judging::rank_timing(tr, c, suite, official, nvcc, device, opt);
  EXPECT_FALSE(tr.ranks);
  EXPECT_EQ(tr.timing->engine, "nvcc");
  EXPECT_EQ(tr.timing->case_key, baseline::case_key(c, official));
  EXPECT_FALSE(tr.timing->ranking);
  EXPECT_EQ(tr.timing->ranking_reason, "");  // not placed among the baselines at all
  EXPECT_NE(tr.timing->ranking_note.find("computed on 'larger'"), std::string::npos) << tr.timing->ranking_note;
}

TEST_F(RunStepsRanking, TheAcceptedRankingCaseIsPlacedAmongItsBaselines) {
  judging::TestResult tr = timed(judging::Verdict::AC);
  const BuildChoice fallback{"/c/nvrtc.so", "nvrtc", "the nvcc build for timing failed, ..."};
  judging::rank_timing(tr, c, suite, larger, fallback, device, opt);
  EXPECT_TRUE(tr.ranks);
  EXPECT_EQ(tr.timing->engine, "nvrtc");
  EXPECT_EQ(tr.timing->engine_note, fallback.note);
  EXPECT_EQ(tr.timing->case_key, baseline::case_key(c, larger));
  EXPECT_EQ(tr.timing->ranking_reason, "no_baselines");  // no store given: the calibrate hint
  EXPECT_NE(tr.timing->ranking_note.find("judge baseline calibrate"), std::string::npos) << tr.timing->ranking_note;
}

TEST_F(RunStepsRanking, ARejectedOrUntimedTestIsNotRanked) {
  judging::TestResult wrong = timed(judging::Verdict::WA);
  judging::rank_timing(wrong, c, suite, larger, nvcc, device, opt);
  EXPECT_TRUE(wrong.ranks);
  EXPECT_EQ(wrong.timing->ranking_reason, "");
  EXPECT_EQ(wrong.timing->ranking_note, "");
  judging::TestResult untimed;
  judging::rank_timing(untimed, c, suite, suite.cases[0], nvcc, device, opt);
  EXPECT_FALSE(untimed.timing);
  EXPECT_FALSE(untimed.ranks);
}

}  // namespace
}  // namespace judge
