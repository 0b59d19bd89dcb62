// Which timed calls are the result of the performance case, and when work escaped the timing.
// GPU-free decisions on the samples the runner sent back (exec/timing.hpp takes them).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bench/stats.hpp"

namespace judge::judging {

// Work outside the timed region counts when it exceeds max(20 us, 25% of the timed median): far
// above the few microseconds of launch and synchronisation latency, and of their jitter.
bool beyond_escape_threshold(double extra_ms, double timed_median_ms);

struct TimedResult {
  bench::Summary events;                     // the result: queued calls, or idle-start ones
  bench::Summary queued;                     // calls queued behind the L2 flush
  std::optional<bench::Summary> idle_start;  // calls started on an idle device
  std::optional<double> launch_latency_ms;   // idle-start median - queued median
  std::string timed_from = "queued";         // "queued" or "idle start"
  // (median of the second half of the queued calls - median of the first half) / median: a
  // result that depends on how long the sampling ran shows here, not in the noise.
  std::optional<double> drift;
  // Medians of kTrendWindows consecutive windows of the queued calls, in sampling order.
  std::vector<double> trend_ms;
};

constexpr std::size_t kTrendWindows = 8;

// A drift of 0.5% or more (the noise target of the sampling) is worth a line in the report: the
// median then depends on how long the sampling ran (clocks, temperature, other work on the GPU).
// In the repeatability benchmark (docs/timing.md) drift stayed within +-0.44% in 59 runs of 60.
bool drift_is_notable(double drift);

// Queued calls hide only the first launch's latency, a few microseconds. When idle-start calls
// (at least 3) are slower by more than the escape threshold, solve's work did not wait for the
// events (a long host phase before the first launch, or work on a non-blocking stream that
// overlapped the flush), and the idle-start calls are the result.
TimedResult choose_timed_result(const std::vector<double>& queued_ms, const std::vector<double>& idle_start_ms);

}  // namespace judge::judging
