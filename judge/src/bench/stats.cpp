#include "bench/stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace judge::bench {

double quantile(std::vector<double> s, double q) {
  if (s.empty()) return 0;
  const double pos = q * static_cast<double>(s.size() - 1);
  const std::size_t lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, s.size() - 1);
  return s[lo] + (s[hi] - s[lo]) * (pos - static_cast<double>(lo));
}

double median_noise(const std::vector<double>& samples) {
  if (samples.size() < 2) return 1.0;
  std::vector<double> s = samples;
  std::sort(s.begin(), s.end());
  const double median = quantile(s, 0.5);
  if (median <= 0) return 1.0;
  const double sigma = (quantile(s, 0.75) - quantile(s, 0.25)) / 1.349;
  return 1.2533 * sigma / std::sqrt(static_cast<double>(s.size())) / median;
}

Summary summarize(std::vector<double> samples) {
  Summary s;
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  s.n = samples.size();
  s.min_ms = samples.front();
  s.max_ms = samples.back();
  s.mean_ms = std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(s.n);
  s.median_ms = quantile(samples, 0.5);
  s.q1_ms = quantile(samples, 0.25);
  s.q3_ms = quantile(samples, 0.75);
  s.noise = median_noise(samples);
  return s;
}

std::vector<double> window_medians(const std::vector<double>& samples, std::size_t windows) {
  const std::size_t n = std::min(windows, samples.size());
  std::vector<double> medians;
  for (std::size_t w = 0; w < n; ++w) {
    // Window w holds samples [w*size/n, (w+1)*size/n): lengths differ by at most one.
    const auto first = samples.begin() + static_cast<std::ptrdiff_t>(w * samples.size() / n);
    const auto last = samples.begin() + static_cast<std::ptrdiff_t>((w + 1) * samples.size() / n);
    medians.push_back(summarize({first, last}).median_ms);
  }
  return medians;
}

nlohmann::ordered_json to_json(const Summary& s) {
  nlohmann::ordered_json j;
  j["n"] = s.n;
  j["median_ms"] = s.median_ms;
  j["min_ms"] = s.min_ms;
  j["max_ms"] = s.max_ms;
  j["mean_ms"] = s.mean_ms;
  j["q1_ms"] = s.q1_ms;
  j["q3_ms"] = s.q3_ms;
  j["spread"] = s.spread();
  j["noise"] = s.noise;
  return j;
}

}  // namespace judge::bench
