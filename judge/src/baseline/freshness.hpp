// Whether a baseline still measures what a run of its challenge times now: the same performance
// case (its key, baseline/case_key) and, for a rung, the same source file (its SHA-256). A
// baseline of another case or of an edited rung is stale: runs are not ranked against it,
// `judge baseline calibrate` times it again and `judge baseline check` reports it. Entries written
// before baselines named their case are of an unknown case, stale until re-timed or stamped.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>

#include "baseline/ladder.hpp"
#include "baseline/store.hpp"
#include "spec/catalog.hpp"
#include "util/result.hpp"

namespace judge::baseline {

// What a current baseline matches.
struct Current {
  std::string case_key;  // the ranking case's key; empty when the challenge has none (nothing is current)
  // Each rung's source (rung_source) -> SHA-256 of its file now; empty when the file cannot be read.
  std::map<std::string, std::string> rung_sha256;
};

// `case_key` with the hashes of the ladder's files under `solutions_dir` (solutions/<slug>).
Current current_of(std::string case_key, const Ladder& ladder, const std::filesystem::path& solutions_dir);
// The same from the catalog: the key of the challenge's ranking case, and its rungs' files.
Result<Current> load_current(const spec::Catalog& catalog, const Ladder& ladder);

// SHA-256 of a file's bytes, 64 lowercase hex digits; empty when it cannot be read.
std::string file_sha256(const std::filesystem::path& file);

// Explicit values: the JSON outputs carry their codes.
enum class Staleness : int { current = 0, unknown_case = 1, other_case = 2, edited_rung = 3 };
Staleness staleness(const Entry& e, const Current& now);
// "current", "unknown_case", "other_case", "edited_rung"
std::string_view staleness_code(Staleness s);
// What stale baselines did, after "the baselines ...": "timed another performance case".
std::string_view staleness_phrase(Staleness s);

// Stamping (`judge baseline stamp`): entries that do not say what they timed are marked as timing
// `now`'s case and, for a rung, its file as it is now. For use only where that is known to be true
// (the case and the rungs unchanged since they were timed). Entries naming another case or
// another version of their rung are left as they are: stale.
struct StampCounts {
  std::size_t stamped = 0;  // marked now
  std::size_t current = 0;  // current already
  std::size_t stale = 0;    // left alone
};
StampCounts stamp(File& f, const Current& now);

}  // namespace judge::baseline
