// A challenge's ladder: the accepted reference solutions ("rungs") that solutions/<slug>/
// expected.json lists, each with a short label and a one-line note (docs/formats.md). Baselines
// are measured from these files; the report quotes their notes.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "util/result.hpp"

namespace judge::baseline {

struct RungSpec {
  std::string file;   // relative to solutions/<slug>/, e.g. "shared.cu"
  std::string label;  // "shared-tiled"; the file's stem when expected.json names none
  std::string note;   // what it does, one line; may be empty (the ladder check reports it)
  bool label_given = false;
};

// One entry of expected.json, rung or not: what `judge validate` checks against the folder.
struct ListedSolution {
  std::string file;     // relative to solutions/<slug>/, e.g. "wrong/hang.cu"
  std::string verdict;  // as written: AC, WA, TLE, ...
  std::string message;  // the diagnostic fragment it must produce; may be empty
  std::string note;
  std::string diagnosis;  // the diagnosis code it must get (docs/diagnoses.md); may be empty
};

struct Ladder {
  std::string slug;
  std::filesystem::path manifest;      // solutions/<slug>/expected.json
  std::vector<RungSpec> rungs;         // in the manifest's order
  std::vector<ListedSolution> listed;  // every entry, rungs included, in the manifest's order
};

// Reads solutions/<slug>/expected.json: every entry with verdict AC is a rung unless it says
// "rung": false. A missing manifest is an empty ladder; a malformed one is an error naming it.
Result<Ladder> load_ladder(const std::filesystem::path& solutions_dir, const std::string& slug);

// How a rung's baseline names its source: "solutions/<slug>/<file>" (relative to the data root).
std::string rung_source(const std::string& slug, const std::string& file);

// The rung measured from `source`, or null.
const RungSpec* find_rung(const Ladder& ladder, const std::string& source);

}  // namespace judge::baseline
