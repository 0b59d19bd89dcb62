#include "baseline/calibration.hpp"

#include <algorithm>

namespace judge::baseline {

bool rung_timed(const File& f, const std::string& source, const std::string& judge_version, const Current& now) {
  return std::any_of(f.entries.begin(), f.entries.end(), [&](const Entry& e) {
    return e.source == source && e.judge_version == judge_version && !e.engine.empty() &&
           staleness(e, now) == Staleness::current;
  });
}

std::optional<Staleness> rung_staleness(const File& f, const std::string& source, const Current& now) {
  for (const Entry& e : f.entries) {
    if (e.source != source) continue;
    if (const Staleness s = staleness(e, now); s != Staleness::current) return s;
    return std::nullopt;
  }
  return std::nullopt;
}

void store_rung(File& f, const Ladder& ladder, Entry e) {
  const std::string prefix = "solutions/" + ladder.slug + "/";
  std::erase_if(f.entries, [&](const Entry& x) {
    const bool stale = x.source.starts_with(prefix) && !find_rung(ladder, x.source);
    return stale || x.source == e.source || x.label == e.label;
  });
  f.entries.push_back(std::move(e));
}

}  // namespace judge::baseline
