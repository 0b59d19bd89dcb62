// The runner's reply to one test, typed. The runner (exec/runner_child) fills a TestReply and
// sends it as JSON over the control channel; the judge (exec/runner) reads it back into the same
// struct. This file and protocol.cpp are the only places that name the reply's keys: everything
// else reads fields. The request's layout is exec/test_layout.hpp.
//
// kProtocolVersion changes whenever a field is added, removed or changes meaning. A reply of
// another version is a judge error: the runner is started from the judge's own binary, so a
// mismatch means a stale executable (RunnerLimits::executable) rather than a user's mistake.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "exec/nvml.hpp"
#include "util/result.hpp"

namespace judge::exec {

inline constexpr int kProtocolVersion = 1;

// A guard zone around a buffer was written: the first changed byte, relative to the buffer's
// start (negative: before it; at or past its size: after it).
struct GuardHit {
  std::string buffer;
  long long offset_bytes = 0;
};

// An input buffer changed during solve: its first changed element.
struct InputChange {
  std::string buffer;
  std::size_t first_index = 0;
};

// Where a test's device buffer lay, for naming the addresses in a sanitizer's report.
struct BufferAddress {
  std::string name;
  std::string role;  // "in", "out" or "inout"
  std::uint64_t address = 0;
  std::size_t bytes = 0;
  std::size_t element_bytes = 1;
};

// The first launch the runtime refused (exec/launch_record), as the judge reports it.
struct RefusedLaunch {
  std::string kernel;  // demangled; "" when the runtime could not name it
  std::array<unsigned, 3> grid{}, block{};
  std::size_t shared_bytes = 0;
  int failed_launches = 1;  // refused launches during the call
  int launches = 1;         // all launches during the call
};

struct CudaErrorReport {
  std::string name;    // "cudaErrorIllegalAddress"
  std::string text;    // the runtime's description
  bool sticky = true;  // the context is lost: every later call fails
  std::optional<RefusedLaunch> launch;
};

// A validated timed call gave a wrong result (the first call was right).
struct TimedCallFailure {
  std::size_t sample = 0;  // which timed call, from 0
  int input_set = 0;       // 0: A, 1: B (exec/timing alternates two input sets)
  std::string buffer;
  std::size_t index = 0;
  std::string got, want;  // formatted values
  std::size_t mismatches = 0;
  bool never_written = false;
};

// What the timing protocol measured (exec/timing.hpp says how). judging::Timing summarises it.
struct TimingSamples {
  std::vector<double> event_ms;       // CUDA events around solve, calls queued behind the flush
  std::vector<double> idle_start_ms;  // the same, calls started on an idle device (every 4th)
  std::vector<double> idle_after_ms;  // every call: host time from the stop event to an idle device
  std::vector<double> warmup_ms;      // the warm-up calls, timed like the queued calls
  double overhead_ms = 0;             // median idle_after of an empty call (synchronisation latency)
  double sampling_ms = 0;             // wall time of the sampling loop
  double timing_ms = 0;               // wall time of the whole measurement
  double validation_ms = 0;           // of which validating timed calls
  int warmup_calls = 0;
  std::string stop_reason;   // bench/stop_rule.hpp: "noise target met", "time budget", ...
  std::string flush_method;  // how L2 was emptied before each call
  std::optional<ClockReading> clocks_before, clocks_after;
  std::optional<TimedCallFailure> validation_failure;
  std::size_t validated_samples = 0;
  std::string validation_method;  // "device", or "host (why the device check is unavailable)"
};

// The reply to one test. At most one of cuda_error (sticky), misuse and judge_error ends a test
// early; a survivable cuda_error comes with the inspected outputs.
struct TestReply {
  double solve_ms = 0;    // wall time of the checked solve call
  double upload_ms = 0;   // allocations and copies to the device
  double inspect_ms = 0;  // copies back, guard and input checks
  std::vector<GuardHit> guards;
  std::vector<InputChange> modified;
  std::vector<BufferAddress> buffers;  // filled under a sanitizer only
  std::optional<CudaErrorReport> cuda_error;
  std::optional<std::string> misuse;       // solve changed the judge's context or buffers
  std::optional<std::string> judge_error;  // the runner's own failure
  std::optional<TimingSamples> timing;     // the performance case, when the checked call was clean
  std::optional<int> launches;             // kernel launches in solve, when profiling
};

// The "done" message: {"op": "done", "version": kProtocolVersion, ...fields}.
nlohmann::json to_json(const TestReply& r);
// Reads a "done" message; an error names the missing or mistyped key, or the other version.
Result<TestReply> parse_reply(const nlohmann::json& j);

}  // namespace judge::exec
