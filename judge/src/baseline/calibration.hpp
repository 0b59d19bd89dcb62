// What `judge baseline calibrate` keeps in a store: which rungs are already timed for this GPU,
// and how a fresh measurement of a rung replaces the old ones. Pure logic over a loaded file.
#pragma once

#include <string>

#include "baseline/ladder.hpp"
#include "baseline/store.hpp"

namespace judge::baseline {

// The rung from `source` is stored in `f` by judge `judge_version` with its engine recorded
// (files written before the engine field are timed again).
bool rung_timed(const File& f, const std::string& source, const std::string& judge_version);

// Stores a rung's measurement: replaces entries of the same file or label, and drops
// measurements of files under solutions/<slug>/ that are no longer rungs; the user's own
// entries (other sources) stay.
void store_rung(File& f, const Ladder& ladder, Entry e);

}  // namespace judge::baseline
