#include "baseline/rank.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace judge::baseline {
namespace {

Rung rung_of(const Entry& e) {
  return {e.label, e.median_ms, false, e.reference, e.note};
}

// The share of baselines you beat, counted as docs/timing.md defines: ties count half; between
// the slowest baseline faster than you (a) and the fastest slower one (b), the count moves from
// b's tie value to a's in proportion to log time: f = ln(b / you) / ln(b / a).
double interpolated(double you_ms, std::size_t slower, std::size_t ties_n, std::size_t total, const Entry* a,
                    const Entry* b) {
  if (total == 0) return 0;
  double beaten = static_cast<double>(slower) + 0.5 * static_cast<double>(ties_n);
  if (ties_n == 0 && a && b && b->median_ms > a->median_ms) {
    const double f = std::log(b->median_ms / you_ms) / std::log(b->median_ms / a->median_ms);
    beaten = static_cast<double>(slower) - 0.5 + std::clamp(f, 0.0, 1.0);
  }
  return 100.0 * beaten / static_cast<double>(total);
}

}  // namespace

bool ties(double a, double a_noise, double b, double b_noise) {
  const double tolerance = std::max(0.01, 2 * std::max(a_noise, b_noise));
  return std::fabs(a - b) <= tolerance * std::max(a, b);
}

Ranking rank(double you_ms, double you_noise, const std::vector<Entry>& baselines, std::size_t around) {
  Ranking r;
  r.total = baselines.size();
  const Entry* a = nullptr;  // slowest of those clearly faster than you
  const Entry* b = nullptr;  // fastest of those clearly slower
  std::vector<Rung> all;
  for (const Entry& e : baselines) {
    (e.reference ? r.references : r.own) += 1;
    if (ties(you_ms, you_noise, e.median_ms, e.noise)) {
      ++r.ties;
    } else if (e.median_ms > you_ms) {
      ++r.slower;
      if (!b || e.median_ms < b->median_ms) b = &e;
    } else {
      ++r.faster;
      if (!a || e.median_ms > a->median_ms) a = &e;
    }
    all.push_back(rung_of(e));
  }
  r.percentile = interpolated(you_ms, r.slower, r.ties, r.total, a, b);
  if (a) {
    r.next_faster = rung_of(*a);
    r.next_faster_ratio = 1 - a->median_ms / you_ms;
  }
  if (b) {
    r.next_slower = rung_of(*b);
    r.next_slower_ratio = b->median_ms / you_ms - 1;
  }
  if (r.total && r.slower == r.total) r.beyond_best = 1 - you_ms / b->median_ms;
  if (r.total && r.faster == r.total) r.behind_slowest = you_ms / a->median_ms - 1;
  Rung you{"you", you_ms, true, false, ""};
  all.push_back(you);
  std::stable_sort(all.begin(), all.end(), [](const Rung& x, const Rung& y) { return x.median_ms < y.median_ms; });
  const auto me =
      static_cast<std::size_t>(std::find_if(all.begin(), all.end(), [](const Rung& x) { return x.you; }) - all.begin());
  const std::size_t lo = me > around ? me - around : 0;
  const std::size_t hi = std::min(all.size(), me + around + 1);
  r.ladder.assign(all.begin() + static_cast<long>(lo), all.begin() + static_cast<long>(hi));
  return r;
}

double percentile(double you_ms, double you_noise, const std::vector<Entry>& baselines) {
  return rank(you_ms, you_noise, baselines, 0).percentile;
}

std::string engine_note(const std::string& your_engine, const std::vector<Entry>& baselines) {
  if (your_engine.empty()) return "";
  std::set<std::string> others;
  bool differs = false;
  for (const Entry& e : baselines) {
    if (e.engine.empty()) continue;
    others.insert(e.engine);
    differs = differs || e.engine != your_engine;
  }
  if (!differs) return "";
  std::string list;
  for (const std::string& e : others) list += (list.empty() ? "" : " and ") + e;
  return "baselines timed with " + list + ", you with " + your_engine +
         " (the engine alone can move a kernel by several percent, docs/timing.md)";
}

}  // namespace judge::baseline
