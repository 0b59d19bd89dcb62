// Where a runtime stands among baselines: percentile = share of baselines slower than you,
// with ties (within noise) counting half; and the ladder of baselines around you.
#pragma once

#include <string>
#include <vector>

#include "baseline/store.hpp"

namespace judge::baseline {

struct Rung {
  std::string label;
  double median_ms = 0;
  bool you = false;
};

struct Ranking {
  std::size_t total = 0;  // baselines compared against
  std::size_t slower = 0, ties = 0, faster = 0;
  double percentile = 0;     // 0..100
  std::vector<Rung> ladder;  // fastest first, you included
};

// Two times tie when they differ by no more than max(1%, twice the larger relative noise).
bool ties(double a_ms, double a_noise, double b_ms, double b_noise);
// `around`: how many baselines to keep on each side of you in the ladder.
Ranking rank(double your_ms, double your_noise, const std::vector<Entry>& baselines, std::size_t around = 3);

}  // namespace judge::baseline
