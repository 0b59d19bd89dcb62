// Every baseline a runtime on one GPU is ranked against: the shipped store's and the user's,
// with reference solutions (rungs of expected.json) told apart from the user's own entries.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "baseline/freshness.hpp"
#include "baseline/ladder.hpp"
#include "baseline/rank.hpp"
#include "baseline/store.hpp"
#include "util/result.hpp"

namespace judge::baseline {

// `judge baseline calibrate` takes about this long per rung on a GPU machine: a compile (cached
// after the first time), a runner start, the inputs and CPU reference of the performance case,
// and 0.5 s of timed calls (docs/timing.md, "Calibrating"). Used for the estimate `judge run`
// prints; `judge baseline calibrate` prints the time it really took.
inline constexpr double kCalibrateSecondsPerRung = 3.0;

// Entries of `slug` on GPU `gpu_key` from every store (the first is the shipped store, the others
// user stores), each marked `reference` (from the shipped store, or measured from a rung's file)
// with the rung's note, and `shipped` for the first store's. A rung measured in a user store
// replaces the shipped measurement of the same file: it was timed on this very machine. Given
// `now`, a stale measurement (baseline/freshness) never replaces a current one.
Result<std::vector<Entry>> gather(const std::vector<std::filesystem::path>& stores, const std::string& gpu_key,
                                  const std::string& slug, const Ladder& ladder, const Current* now = nullptr);

// A ranking, or the one line saying why there is none and its code: "no_baselines", "error", or
// the staleness of the baselines left out (staleness_code: "other_case", "unknown_case",
// "edited_rung"). Empty `reason` with a ranking.
struct Placement {
  std::optional<Ranking> ranking;
  std::string note;
  std::string reason;
};

struct PlaceQuery {
  std::vector<std::filesystem::path> stores;  // shipped first
  std::filesystem::path solutions_dir;        // solutions/<slug>, for the ladder's notes and rung files
  std::string slug, gpu_key;
  std::string engine;    // the engine that compiled the time being placed (for engine_note)
  std::string case_key;  // the performance case it timed (baseline/case_key): only its baselines rank
};
// Ranks against the current baselines only. None current: no ranking, and the note says why
// ("not ranked: the shipped baselines for softmax timed another performance case; 'judge baseline
// calibrate softmax' re-times them on this GPU"); some stale: the ranking's stale_note says so.
Placement place(double your_ms, double your_noise, const PlaceQuery& q);

// "no baselines for softmax on this GPU (nvidia-h200): `judge baseline calibrate softmax` times
// its 9 reference solutions here (about 30 s) and gives a percentile"
std::string calibrate_hint(const std::string& slug, const std::string& gpu_key, std::size_t rungs);

}  // namespace judge::baseline
