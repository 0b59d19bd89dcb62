// Where a runtime stands among baselines: an interpolated percentile (docs/timing.md defines it),
// the baselines just faster and just slower than you, and the ladder of baselines around you.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "baseline/store.hpp"

namespace judge::baseline {

struct Rung {
  std::string label;
  double median_ms = 0;
  bool you = false;
  bool reference = false;  // a shipped reference solution (else a baseline of the user's store)
  std::string note;        // what the reference solution does (expected.json)
};

struct Ranking {
  std::size_t total = 0;                // baselines compared against
  std::size_t references = 0, own = 0;  // of which reference solutions / the user's own
  std::size_t slower = 0, ties = 0, faster = 0;
  double percentile = 0;  // 0..100, interpolated in log time between neighbours
  // The slowest baseline clearly faster than you (the next one to beat) and the fastest clearly
  // slower; with `ratio` = how much less (next_faster) or more (next_slower) time it takes.
  std::optional<Rung> next_faster, next_slower;
  double next_faster_ratio = 0, next_slower_ratio = 0;
  // Faster than every baseline: 1 - you / fastest (0.12 = "12% faster than the best baseline").
  std::optional<double> beyond_best;
  // Slower than every baseline: you / slowest - 1.
  std::optional<double> behind_slowest;
  std::string engine_note;   // "baselines timed with nvrtc, you with nvcc"; empty when they agree
  std::string missing_note;  // rungs without a baseline on this GPU, and the command that times them
  std::string stale_note;    // baselines left out as stale (baseline/freshness), and the command that re-times them
  std::vector<Rung> ladder;  // fastest first, you included
};

// Two times tie when they differ by no more than max(1%, twice the larger relative noise).
bool ties(double a_ms, double a_noise, double b_ms, double b_noise);
// `around`: how many baselines to keep on each side of you in the ladder.
Ranking rank(double your_ms, double your_noise, const std::vector<Entry>& baselines, std::size_t around = 3);
// The percentile alone (the formula of docs/timing.md).
double percentile(double your_ms, double your_noise, const std::vector<Entry>& baselines);

// "baselines timed with nvrtc, you with nvcc" when a baseline of known engine was compiled by
// another engine than `your_engine`; empty otherwise (or when your engine is unknown).
std::string engine_note(const std::string& your_engine, const std::vector<Entry>& baselines);

}  // namespace judge::baseline
