// What `judge baseline calibrate` keeps in a store: which rungs are already timed for this GPU,
// and how a fresh measurement of a rung replaces the old ones. Pure logic over a loaded file.
#pragma once

#include <optional>
#include <string>

#include "baseline/freshness.hpp"
#include "baseline/ladder.hpp"
#include "baseline/store.hpp"

namespace judge::baseline {

// The rung from `source` is stored in `f` by judge `judge_version` with its engine recorded,
// and the measurement is current (baseline/freshness: the case and the rung's file as they are
// `now`). Files written before the engine or the case fields are timed again.
bool rung_timed(const File& f, const std::string& source, const std::string& judge_version, const Current& now);

// Why the stored measurement of the rung from `source` must be timed again: its staleness, or
// nothing when there is none or it is current.
std::optional<Staleness> rung_staleness(const File& f, const std::string& source, const Current& now);

// Stores a rung's measurement: replaces entries of the same file or label, and drops
// measurements of files under solutions/<slug>/ that are no longer rungs; the user's own
// entries (other sources) stay.
void store_rung(File& f, const Ladder& ladder, Entry e);

}  // namespace judge::baseline
