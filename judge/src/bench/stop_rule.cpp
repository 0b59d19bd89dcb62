#include "bench/stop_rule.hpp"

#include <algorithm>

#include "bench/stats.hpp"

namespace judge::bench {

bool noise_due(std::size_t n) {
  if (n <= 256) return true;
  return n % (n / 64) == 0;
}

std::string stop_reason(const std::vector<double>& queued, const StopState& s, const TimingPolicy& p) {
  const bool minimums_met = s.samples >= p.min_samples && s.timed_ms >= p.min_timed_ms;
  if (minimums_met && noise_due(s.samples) && median_noise(queued) <= p.target_noise) return "noise target met";
  if (minimums_met && s.elapsed_ms >= p.budget_ms) return "time budget";
  if (s.samples >= p.max_samples) return "sample cap";
  if (s.elapsed_ms >= std::max(p.max_total_ms, 3 * p.min_timed_ms)) return "time cap";
  return {};
}

}  // namespace judge::bench
