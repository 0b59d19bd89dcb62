// One test of a run, as named steps (judge_test runs them in this order): choose the build it
// runs on and a runner that has it loaded, prepare its data, run and diagnose it (re-running a
// wrong answer), rank its timing, account its time. The decisions among them (choose_build,
// runner_change, solve_limit_ms, rank_timing, account_test_time) need no GPU and are tested alone.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "judging/case_data.hpp"
#include "judging/result.hpp"
#include "judging/run_options.hpp"
#include "judging/test_loop.hpp"
#include "judging/timing_build.hpp"
#include "spec/catalog.hpp"
#include "util/result.hpp"

namespace judge::judging {

// The build a test runs on: the judged one, or for a performance case the nvcc timing build
// (judging/timing_build.hpp) when it compiled.
struct BuildChoice {
  std::string artifact;
  std::string engine;  // what a timing on it names (Timing::engine)
  std::string note;    // why the timing build is not used (Timing::engine_note); empty otherwise
};
// Waits for the timing build when `test` is a performance case and there is one.
BuildChoice choose_build(const spec::TestCase& test, const std::string& judged, const std::string& judged_engine,
                         const TimingBuild* timing_build);

// What the runner needs before a test: nothing, a fresh one after it died, or a fresh one for
// another build (the sandbox lets a runner read only the artifact it loaded first).
enum class RunnerChange { keep, restart, switch_build };
RunnerChange runner_change(bool alive, const std::string& loaded, const std::string& wanted);

// Makes loop.runner a live runner with `build` loaded: the prefetched timing runner for the
// performance case when it is ready, else one started now. The error names what could not start.
Status ready_runner(TestLoop& loop, const spec::TestCase& test, const BuildChoice& build);

// The test's data: the prefetched performance case's, else prepared now (cache or generated).
Result<CaseData> prepare_test_data(TestLoop& loop, const spec::TestCase& test);

// The limit of one solve call: the test's own, else the challenge's; longer under a sanitizer.
int solve_limit_ms(const spec::Challenge& challenge, const spec::TestCase& test, bool sanitized);

// Runs the test in loop.runner (the performance case with the GPU alone) and diagnoses it: under
// a sanitizer with the tool's report, a wrong answer re-run to explain it
// (judging/wrong_answer_rerun.hpp), then the beyond-spec rule (judging/beyond_spec.hpp).
// `check_ms`: the host's comparison of outputs.
TestResult run_and_diagnose(TestLoop& loop, const spec::TestCase& test, CaseData& data, double& check_ms);

// A test's timing, when it has one: the build and case it timed, and either its rank against
// the baselines (the ranking case, accepted) or a note naming the suite's ranking case.
void rank_timing(TestResult& tr, const spec::Challenge& challenge, const spec::TestSuite& suite,
                 const spec::TestCase& test, const BuildChoice& build, const nlohmann::json& device,
                 const RunOptions& options);

// Where a test's wall time went, into its own split and the run's: `run_ms` (everything after
// its data) less the measurement, which counts as sampling and validation.
struct TestTimes {
  double data_ms = 0;
  double run_ms = 0;
  double check_ms = 0;
};
void account_test_time(const TestTimes& times, TestResult& tr, TimeSplit& run);

// One test, every step. An error: no runner could be started for it (the run ends, JE).
Result<TestResult> judge_test(TestLoop& loop, const spec::TestCase& test, const nlohmann::json& device, TimeSplit& run);

}  // namespace judge::judging
