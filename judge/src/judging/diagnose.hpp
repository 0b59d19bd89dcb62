// Turning what the runner reported for one test into a verdict with an explanation.
#pragma once

#include <optional>
#include <string_view>

#include "exec/runner.hpp"
#include "judging/case_data.hpp"
#include "judging/result.hpp"

namespace judge::judging {

struct DiagnoseContext {
  const spec::Challenge* challenge = nullptr;
  const spec::TestCase* test = nullptr;
  int solve_limit_ms = 0;
  std::size_t output_cap_bytes = 0;
  std::optional<double> peak_copy_gbs;  // for speed-of-light and the physical-limit check
  double peak_fp32_gflops = 0;
  bool zero_filled = false;  // outputs started as zeros (--fill zero, or the re-run of a failed test)
  bool strict = false;       // --strict: a warning rejects (RTE) instead of accepting
};

// Stable codes of TestResult::diagnosis (the JSON's `diagnosis`), one per kind of explanation.
namespace diagnosis {
inline constexpr const char* timeout = "timeout";
inline constexpr const char* process_died = "process_died";
inline constexpr const char* cuda_error = "cuda_error";
inline constexpr const char* context_misuse = "context_misuse";  // reset the device, freed the judge's buffers...
inline constexpr const char* refused_launch = "refused_launch";  // non-sticky: the context survived
inline constexpr const char* out_of_memory = "out_of_memory";
inline constexpr const char* wrote_outside = "wrote_outside";
inline constexpr const char* output_limit = "output_limit";
inline constexpr const char* input_modified = "input_modified";
inline constexpr const char* never_written = "never_written";
inline constexpr const char* wrong_values = "wrong_values";
inline constexpr const char* reads_output_before_writing = "reads_output_before_writing";
inline constexpr const char* race = "race";  // the same test gave different outputs twice
inline constexpr const char* timed_call_wrong = "timed_call_wrong";
inline constexpr const char* work_escaped_timing = "work_escaped_timing";
inline constexpr const char* impossible_speed = "impossible_speed";
// Wrong outputs get the mismatch analysis's codes as well (explain/analyze.hpp, docs/diagnoses.md).

// Every code a test can get (these and the analysis's), for checking expected.json files.
bool is_known(std::string_view code);
}  // namespace diagnosis

TestResult diagnose(const DiagnoseContext& ctx, const CaseData& data, const exec::TestOutcome& outcome);

// After a failed output check passed again with outputs starting at zero: keeps the verdict
// (WA) and explains, in a learner's words, that solve reads or accumulates into its output
// before writing it. `first` is the original result.
struct OutputEvidence {
  std::string buffer;    // the first out buffer
  std::string relation;  // e.g. "every wrong value of y is the fill value (-5921371) plus the expected value"
};
// Read from the failed run's outputs (before the re-run overwrites them).
OutputEvidence output_evidence(const CaseData& data);
void explain_zero_fill_pass(TestResult& first, const OutputEvidence& evidence);

// Whether `r` failed on its output values (the case for a re-run with zeroed outputs).
bool failed_on_output_values(const TestResult& r);

// The out and inout buffers' values after a run, to compare with a second run of the same test.
std::vector<std::vector<unsigned char>> output_bytes(const CaseData& data);
// How many elements differ between two runs' outputs by more than the tolerance, per the first
// buffer that has any; empty when the runs agree.
struct RunDifference {
  std::string buffer;
  std::size_t elements = 0;
  std::size_t first_index = 0;
};
std::optional<RunDifference> compare_runs(const CaseData& data, const std::vector<std::vector<unsigned char>>& first,
                                          const spec::Tolerance& tolerance);
// The same test, run twice with the same inputs, gave different outputs: a race.
void explain_race(TestResult& r, const RunDifference& d);

}  // namespace judge::judging
