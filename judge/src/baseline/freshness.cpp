#include "baseline/freshness.hpp"

#include <fstream>

#include "baseline/case_key.hpp"
#include "util/sha256.hpp"

namespace judge::baseline {
namespace fs = std::filesystem;

std::string file_sha256(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return {};
  util::Sha256 h;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) h.update(std::string_view(buffer, in.gcount()));
  if (in.bad()) return {};
  return h.hex_digest();
}

Current current_of(std::string case_key, const Ladder& ladder, const fs::path& solutions_dir) {
  Current now;
  now.case_key = std::move(case_key);
  for (const RungSpec& r : ladder.rungs)
    now.rung_sha256[rung_source(ladder.slug, r.file)] = file_sha256(solutions_dir / r.file);
  return now;
}

Result<Current> load_current(const spec::Catalog& catalog, const Ladder& ladder) {
  auto c = catalog.challenge(ladder.slug);
  if (!c) return c.error();
  auto suite = catalog.testcases(*c);
  if (!suite) return suite.error();
  return current_of(ranking_case_key(*c, *suite), ladder, catalog.solutions_dir(ladder.slug));
}

Staleness staleness(const Entry& e, const Current& now) {
  if (e.case_key.empty()) return Staleness::unknown_case;
  if (e.case_key != now.case_key) return Staleness::other_case;
  const auto rung = now.rung_sha256.find(e.source);
  if (rung != now.rung_sha256.end() && (rung->second.empty() || e.source_sha256 != rung->second))
    return Staleness::edited_rung;
  return Staleness::current;
}

std::string_view staleness_code(Staleness s) {
  switch (s) {
    case Staleness::current:
      return "current";
    case Staleness::unknown_case:
      return "unknown_case";
    case Staleness::other_case:
      return "other_case";
    case Staleness::edited_rung:
      return "edited_rung";
  }
  return "unknown_case";
}

std::string_view staleness_phrase(Staleness s) {
  switch (s) {
    case Staleness::current:
      return "timed the current performance case";
    case Staleness::unknown_case:
      return "do not say which performance case they timed (recorded before baselines named it)";
    case Staleness::other_case:
      return "timed another performance case";
    case Staleness::edited_rung:
      return "timed an earlier version of their reference solution";
  }
  return "";
}

StampCounts stamp(File& f, const Current& now) {
  StampCounts n;
  for (Entry& e : f.entries) {
    if (staleness(e, now) == Staleness::current) {
      ++n.current;
      continue;
    }
    // Only what is missing is filled in: a case or a file hash on record that differs stays.
    Entry marked = e;
    if (marked.case_key.empty()) marked.case_key = now.case_key;
    const auto rung = now.rung_sha256.find(e.source);
    if (rung != now.rung_sha256.end() && marked.source_sha256.empty()) marked.source_sha256 = rung->second;
    if (staleness(marked, now) == Staleness::current) {
      e = std::move(marked);
      ++n.stamped;
    } else {
      ++n.stale;
    }
  }
  return n;
}

}  // namespace judge::baseline
