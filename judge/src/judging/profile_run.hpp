// `judge run --profile`: after the normal run, the performance case runs once more in a runner of
// its own started under Nsight Compute (profile/ncu_tool.hpp), which profiles the kernels of one
// solve call (no warm-up, no timing loop); the report is read back as CSV (profile/ncu_csv.hpp).
// Never changes the verdict or the timed result; what goes wrong becomes Profile::problem, one
// line with the fix.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "exec/runner.hpp"
#include "judging/case_data.hpp"
#include "judging/result.hpp"
#include "profile/summary.hpp"

namespace judge::judging {

// Kernels under the profiler are replayed once per group of counters (20-40 times for these
// sections), with caches flushed and memory restored between: the solve limit is multiplied by
// this, with at least kProfileMinSolveMs; the runner's start under ncu gets kProfileSetupMs, and
// ncu writing the report as the runner exits, then reading it back, kProfileReportMs each.
inline constexpr int kProfileSlowdown = 50;
inline constexpr int kProfileMinSolveMs = 60000;
inline constexpr int kProfileSetupMs = 120000;
inline constexpr int kProfileReportMs = 120000;

struct ProfileRequest {
  std::filesystem::path ncu;
  std::string artifact;       // the build the performance case was timed on
  exec::RunnerLimits limits;  // the run's runner limits (executable, visible devices, sandbox)
  int solve_limit_ms = 2000;  // the test's limit for one call, before kProfileSlowdown
};

// Profiles one solve call of `data` (the performance case, already judged: its inputs are reused,
// its outputs poisoned again). `test` names it in the result.
profile::Profile profile_case(const ProfileRequest& request, CaseData& data, const std::string& test);

// What judge_artifact keeps of an accepted performance case for --profile: the case, the build it
// was timed on, its limit for one call, and its data.
struct ProfileCandidate {
  const spec::TestCase* test = nullptr;
  std::string artifact;
  int limit_ms = 0;
  std::optional<CaseData> data;
};

// After the tests: finds ncu and profiles the candidate, or says in Profile::problem why there is
// no profile (no ncu; the performance case did not run or was not accepted).
profile::Profile profile_performance_case(const spec::TestSuite& suite, const std::vector<TestResult>& tests,
                                          const exec::RunnerLimits& limits, ProfileCandidate& candidate);

}  // namespace judge::judging
