// The ladder checks (docs/timing.md, "Ladder checks"): enough rungs with labels and notes in
// expected.json; per GPU, a baseline for every rung, spaced apart; and a calibration on the
// machine at hand that keeps the shipped order. Pure logic over loaded files: no GPU.
#pragma once

#include <string>
#include <vector>

#include "baseline/freshness.hpp"
#include "baseline/ladder.hpp"
#include "baseline/store.hpp"

namespace judge::baseline {

inline constexpr std::size_t kMinRungs = 8;         // reference solutions per challenge
inline constexpr double kMinRungGap = 0.03;         // neighbours at least 3% apart in time
inline constexpr std::size_t kMaxLabelLength = 24;  // labels stay short: they head report lines

// expected.json: at least kMinRungs rungs; labels kebab-case, short and distinct; a one-line note
// for each. One message per problem; empty when the ladder is fine.
std::vector<std::string> check_manifest(const Ladder& ladder);

// One GPU's baselines (one store's file) against the ladder.
struct StoreCheck {
  std::size_t rungs_measured = 0;
  std::vector<std::string> missing;  // labels of rungs without a baseline
  std::vector<std::string> close;    // "block-256 and grid-stride are 1.2% apart (at least 3%)"
  // Rungs whose baseline is stale (baseline/freshness), checked only when given what is current.
  std::vector<std::pair<std::string, Staleness>> stale;
  bool complete() const { return missing.empty(); }
  bool ok() const { return missing.empty() && close.empty() && stale.empty(); }
};
StoreCheck check_store(const Ladder& ladder, const std::vector<Entry>& entries, const Current* now = nullptr);
// A StoreCheck's problems as lines, for `judge baseline check` and `judge validate`:
// "incomplete: missing X, Y", then one line per pair of rungs too close, then one per reason of
// staleness ("stale: the baselines of naive, best timed another performance case"). Empty when ok.
std::vector<std::string> store_problems(const StoreCheck& check);

// A calibration here (`here`) against the shipped baselines of the same GPU model: every pair of
// rungs that the shipped store orders clearly (not a tie) must not be clearly reversed here, and
// each best.cu, ranked here against the other shipped rungs, must not pass a rung it is slower
// than in the shipped store, nor fall behind one it beats there.
struct OrderCheck {
  std::size_t pairs = 0;               // rung pairs compared
  std::vector<std::string> swapped;    // "float4 (0.12 ms) and shared (0.11 ms) swapped: shipped ..."
  std::vector<std::string> misplaced;  // best.cu landing elsewhere
  bool ok() const { return swapped.empty() && misplaced.empty(); }
};
OrderCheck check_order(const Ladder& ladder, const std::vector<Entry>& shipped, const std::vector<Entry>& here);

// The entry measured from a rung's file, or null.
const Entry* rung_entry(const Ladder& ladder, const RungSpec& rung, const std::vector<Entry>& entries);

}  // namespace judge::baseline
