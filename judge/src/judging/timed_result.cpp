#include "judging/timed_result.hpp"

#include <algorithm>
#include <cmath>

namespace judge::judging {

bool beyond_escape_threshold(double extra_ms, double timed_median_ms) {
  constexpr double kFloorMs = 0.02;
  constexpr double kShare = 0.25;
  return extra_ms > std::max(kFloorMs, kShare * timed_median_ms);
}

bool drift_is_notable(double drift) {
  return std::abs(drift) >= 0.005;
}

TimedResult choose_timed_result(const std::vector<double>& queued_ms, const std::vector<double>& idle_start_ms) {
  TimedResult r;
  r.queued = bench::summarize(queued_ms);
  r.events = r.queued;
  r.trend_ms = bench::window_medians(queued_ms, kTrendWindows);
  if (queued_ms.size() >= 10 && r.queued.median_ms > 0) {
    const auto half = queued_ms.begin() + static_cast<std::ptrdiff_t>(queued_ms.size() / 2);
    const double first = bench::summarize({queued_ms.begin(), half}).median_ms;
    const double second = bench::summarize({half, queued_ms.end()}).median_ms;
    r.drift = (second - first) / r.queued.median_ms;
  }
  if (idle_start_ms.empty()) return r;
  r.idle_start = bench::summarize(idle_start_ms);
  r.launch_latency_ms = r.idle_start->median_ms - r.queued.median_ms;
  if (idle_start_ms.size() >= 3 && beyond_escape_threshold(*r.launch_latency_ms, r.queued.median_ms)) {
    r.events = *r.idle_start;
    r.timed_from = "idle start";
  }
  return r;
}

}  // namespace judge::judging
