#include "baseline/rank.hpp"

#include <algorithm>
#include <cmath>

namespace judge::baseline {

bool ties(double a, double a_noise, double b, double b_noise) {
  const double tolerance = std::max(0.01, 2 * std::max(a_noise, b_noise));
  return std::fabs(a - b) <= tolerance * std::max(a, b);
}

Ranking rank(double you_ms, double you_noise, const std::vector<Entry>& baselines, std::size_t around) {
  Ranking r;
  r.total = baselines.size();
  std::vector<Rung> all;
  for (const Entry& e : baselines) {
    if (ties(you_ms, you_noise, e.median_ms, e.noise))
      ++r.ties;
    else if (e.median_ms > you_ms)
      ++r.slower;
    else
      ++r.faster;
    all.push_back({e.label, e.median_ms, false});
  }
  r.percentile = r.total ? 100.0 * (static_cast<double>(r.slower) + 0.5 * static_cast<double>(r.ties)) /
                               static_cast<double>(r.total)
                         : 0;
  all.push_back({"you", you_ms, true});
  std::stable_sort(all.begin(), all.end(), [](const Rung& a, const Rung& b) { return a.median_ms < b.median_ms; });
  const auto me =
      static_cast<std::size_t>(std::find_if(all.begin(), all.end(), [](const Rung& x) { return x.you; }) - all.begin());
  const std::size_t lo = me > around ? me - around : 0;
  const std::size_t hi = std::min(all.size(), me + around + 1);
  r.ladder.assign(all.begin() + static_cast<long>(lo), all.begin() + static_cast<long>(hi));
  return r;
}

}  // namespace judge::baseline
