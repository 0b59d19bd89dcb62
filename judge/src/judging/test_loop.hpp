// judge_artifact's run of a submission's tests, as steps over one shared state: before the first
// test (load the judged build, the device's peak, the test-data cache, the performance case's
// prefetch), the tests in order (judging/run_steps.hpp: one test's steps), and after them (a
// clearer later test, the runner stopped, --profile).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "compile/binding.hpp"
#include "exec/runner.hpp"
#include "judging/case_data.hpp"
#include "judging/data_store.hpp"
#include "judging/device_peak.hpp"
#include "judging/perf_prefetch.hpp"
#include "judging/profile_run.hpp"
#include "judging/result.hpp"
#include "judging/run_options.hpp"
#include "judging/timing_build.hpp"
#include "spec/catalog.hpp"
#include "util/result.hpp"

namespace judge::judging {

// Milliseconds since `t` (the steps' time accounting).
inline double ms_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

// What the steps of one run share: the submission and its options, the runner and the build it
// has loaded, where test data comes from, and what --profile keeps for after the tests. Members
// are destroyed in reverse order: the prefetch (which waits for its background work) before the
// data cache it reads, the runner last. Not movable: `prep.cache` points into `data_cache`.
struct TestLoop {
  TestLoop(const spec::Challenge& challenge, const spec::TestSuite& suite, const compile::Binding& binding,
           const RunOptions& options, exec::RunnerLimits limits, std::string judged, std::string judged_engine,
           const TimingBuild* timing_build, exec::Runner&& runner);
  TestLoop(const TestLoop&) = delete;
  TestLoop& operator=(const TestLoop&) = delete;

  const spec::Challenge& challenge;
  const spec::TestSuite& suite;
  const compile::Binding& binding;
  const RunOptions& opt;
  const exec::RunnerLimits limits;
  const std::string judged;         // the judged build's artifact
  const std::string judged_engine;  // the engine that built it
  const TimingBuild* timing_build;  // the performance case's nvcc build (judging/timing_build.hpp), or null
  Result<exec::Runner> runner;      // an error only once a replacement failed to start (the run ends)
  std::string loaded;               // the build `runner` has loaded
  std::optional<DevicePeak> peak;   // for speed-of-light, when a performance case is selected
  PrepareOptions prep;
  std::optional<DataStore> data_cache;
  PerfPrefetch prefetch;                            // the first performance case's data and runner
  const spec::TestCase* prefetched_case = nullptr;  // that case
  ProfileCandidate to_profile;                      // --profile: the accepted performance case
};

// Stops the runner: its context ends, a use of the GPU too.
void stop_runner(TestLoop& loop);

// Before the first test: loads the judged build, measures the device's peak bandwidth when a
// performance case is selected (once per device, then cached), opens the test-data cache and
// starts the first performance case's prefetch. An error (the build does not load, a bad
// $JUDGE_DATA_CACHE_MAX) ends the run as a judge error, with the runner stopped.
Status start_tests(TestLoop& loop, const std::vector<const spec::TestCase*>& selected);

// The selected tests in order, each added to `result` (its tests, verdict and time split);
// stops after the first one not accepted unless --keep-going. An error (no runner could be
// started for a test) ends the run as a judge error.
Status run_tests(TestLoop& loop, const std::vector<const spec::TestCase*>& selected, RunResult& result);

// After the tests: a first failure that says little cites a clearer later test
// (judging/clearer_test.hpp), the runner is stopped, and --profile profiles the accepted
// performance case.
void finish_tests(TestLoop& loop, RunResult& result);

}  // namespace judge::judging
