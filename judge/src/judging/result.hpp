// What judging one submission produced. Measuring never prints: printers render these.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "baseline/rank.hpp"
#include "bench/stats.hpp"
#include "judging/verdict.hpp"
#include "profile/summary.hpp"
#include "spec/testcase.hpp"

namespace judge::judging {

struct SpeedOfLight {
  double peak_copy_gbs = 0;                // measured device-to-device copy bandwidth
  double peak_fp32_gflops = 0;             // theoretical
  std::optional<double> memory_fraction;   // achieved bandwidth / peak
  std::optional<double> compute_fraction;  // achieved FLOP rate / peak
  double fraction() const { return std::max(memory_fraction.value_or(0), compute_fraction.value_or(0)); }
  std::string bound() const {
    return compute_fraction.value_or(0) > memory_fraction.value_or(0) ? "compute" : "memory";
  }
};

struct Timing {
  bench::Summary events;                     // CUDA events around solve: the result (see timed_from)
  bench::Summary queued;                     // calls queued behind the L2 flush
  std::optional<bench::Summary> idle_start;  // calls started on an idle device
  std::optional<double> launch_latency_ms;   // idle-start median - queued median
  std::string timed_from = "queued";         // which calls `events` holds: "queued" or "idle start"
  std::optional<double> drift;               // second half vs first half of the queued calls
  std::vector<double> trend_ms;              // medians of consecutive windows of the queued calls
  std::vector<double> warmup_trend_ms;       // the same for the warm-up calls
  bench::Summary idle_after;                 // host time from the stop event to an idle device
  double overhead_ms = 0;                    // idle_after of an empty call
  double sampling_ms = 0;                    // wall time of the sampling loop
  double timing_ms = 0;                      // the whole measurement in the runner (warm-up, validation)
  double validation_ms = 0;                  // of which validating timed calls
  std::string validation_method;             // "device", or "host (why)"
  int warmup_calls = 0;
  std::string stop_reason;
  std::string engine;       // which compile engine built the timed artifact (judging/timing_build.hpp)
  std::string engine_note;  // why it is not nvcc, when nvcc was asked for and failed
  std::string l2_flush;     // how L2 was emptied before each call
  std::size_t validated_samples = 0;
  bool alternate_inputs = false;
  nlohmann::json clocks;                // NVML readings before/after, when available
  std::optional<double> bandwidth_gbs;  // from the challenge's work.bytes
  std::optional<double> gflops;         // from work.flops
  std::optional<SpeedOfLight> speed_of_light;
  std::string case_key;  // the timed case's key (baseline/case_key), recorded in baselines made from it
  std::optional<baseline::Ranking> ranking;
  std::string ranking_note;    // e.g. "no baselines for this GPU"
  std::string ranking_reason;  // without a ranking, why (baseline::Placement::reason)
};

// Where one test's wall time went, in ms (each test's "time_split" in `judge run --json`): what a
// large test costs besides its solve call.
struct TestTimeSplit {
  double data_ms = 0;      // inputs and expected values (the data cache, or generated)
  double upload_ms = 0;    // the runner's allocations and copies to the device
  double download_ms = 0;  // the runner's copies back, guard and input checks
  double check_ms = 0;     // comparing outputs with the expected values, on the host
  double total_ms = 0;     // the whole test: the above, solve, any timing and re-runs
};

struct TestResult {
  std::string name;
  spec::CaseKind kind = spec::CaseKind::functional;
  Verdict verdict = Verdict::AC;
  std::string summary;                // one line: why this verdict
  std::string diagnosis;              // a stable code for the explanation (judging/diagnose.hpp)
  std::vector<std::string> warnings;  // accepted, but worth knowing (e.g. a refused launch)
  std::vector<std::string> details;   // further lines: mismatches, errors
  // Wrong output values (WA): the mismatch analysis's evidence (explain/analyze.hpp: index ranges,
  // counts, factors) for --json, and its map of where the wrong elements are, for the text only.
  bool wrong_output = false;
  nlohmann::ordered_json evidence;
  std::vector<std::string> where;
  std::uint64_t seed = 0;
  std::optional<double> solve_ms;  // the checked call, host wall time
  TestTimeSplit time_split;
  std::string sampled;  // "C: 8192 of 50331648 elements checked" when sampled
  // Output elements compared with the expected values, and how many the outputs hold (the same
  // unless the check was sampled); both 0 when no output was compared (a failure before).
  std::size_t checked_elements = 0;
  std::size_t output_elements = 0;
  std::optional<Timing> timing;  // performance case
  std::string output;            // what the solution printed (capped)
  bool output_truncated = false;
  // The case lies past the statement's limits (spec::TestCase::beyond_spec): the clause it
  // exceeds. A failure there is AC with a warning; `excused` keeps the verdict it would have had.
  std::string beyond_spec;
  std::optional<Verdict> excused;
  bool ranks = false;  // the performance case the percentile is computed on (spec::ranking_case)
};

struct CompileInfo {
  std::string engine;
  std::string arch;
  bool cached = false;
  double compile_ms = 0;
  std::string log;
  std::string note;  // why auto compiled with nvcc; empty otherwise
};

// Where the wall time of a run went (`judge run --json` "time_split"), in ms. `total` also holds
// what the others do not: starting the runner, the device's peak bandwidth (once per device).
struct TimeSplit {
  double compile_ms = 0;     // binding and compiling (a cached artifact: looking it up)
  double data_ms = 0;        // test inputs and expected values (the data cache, or generated)
  double functional_ms = 0;  // checked calls and their host checks, every test
  double sampling_ms = 0;    // the performance case's warm-up and timed calls
  double validation_ms = 0;  // validating timed calls
  double profile_ms = 0;     // --profile: the performance case's solve call under Nsight Compute
  double total_ms = 0;
};

struct RunResult {
  std::string challenge;
  std::string title;
  std::string source;
  Verdict verdict = Verdict::AC;
  std::string summary;             // one line for CE / JE, which end before any test
  std::vector<std::string> notes;  // how this run differs from the default (e.g. --fill zero)
  CompileInfo compile;
  nlohmann::json device;  // the runner's device block; null without a GPU
  std::vector<TestResult> tests;
  std::size_t tests_selected = 0;           // how many were going to run
  std::string sanitizer;                    // --sanitize: the compute-sanitizer tool the tests ran under
  std::string sanitizer_note;               // e.g. that the performance case was not run under it
  std::optional<profile::Profile> profile;  // --profile (judging/profile_run.hpp)
  TimeSplit time_split;
};

// The test whose timing ranks against baselines: the one marked `ranks`, else the last timed one.
inline const TestResult* ranking_test(const std::vector<TestResult>& tests) {
  const TestResult* last = nullptr;
  for (const TestResult& t : tests) {
    if (!t.timing) continue;
    if (t.ranks) return &t;
    last = &t;
  }
  return last;
}

}  // namespace judge::judging
