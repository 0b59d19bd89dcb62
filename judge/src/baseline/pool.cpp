#include "baseline/pool.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace judge::baseline {
namespace fs = std::filesystem;

Result<std::vector<Entry>> gather(const std::vector<fs::path>& stores, const std::string& key, const std::string& slug,
                                  const Ladder& ladder) {
  std::vector<Entry> all;
  for (std::size_t s = 0; s < stores.size(); ++s) {
    auto f = load(stores[s], key, slug);
    if (!f) return f.error();
    for (Entry e : f->entries) {
      const RungSpec* rung = find_rung(ladder, e.source);
      e.reference = s == 0 || rung;
      if (rung) e.note = rung->note;
      // A rung timed again later (a user store) replaces the earlier measurement of its file.
      auto same = std::find_if(all.begin(), all.end(),
                               [&](const Entry& x) { return rung && x.reference && x.source == e.source; });
      if (same != all.end())
        *same = std::move(e);
      else
        all.push_back(std::move(e));
    }
  }
  return all;
}

Placement place(double you_ms, double you_noise, const PlaceQuery& q) {
  Placement p;
  auto ladder = load_ladder(q.solutions_dir, q.slug);
  if (!ladder) {
    p.note = ladder.error().message;
    return p;
  }
  auto all = gather(q.stores, q.gpu_key, q.slug, *ladder);
  if (!all) {
    p.note = all.error().message;
    return p;
  }
  if (all->empty()) {
    p.note = calibrate_hint(q.slug, q.gpu_key, ladder->rungs.size());
    return p;
  }
  p.ranking = rank(you_ms, you_noise, *all);
  p.ranking->engine_note = engine_note(q.engine, *all);
  std::size_t missing = 0;
  for (const RungSpec& r : ladder->rungs) {
    const std::string source = rung_source(q.slug, r.file);
    missing += std::none_of(all->begin(), all->end(), [&](const Entry& e) { return e.source == source; });
  }
  if (missing)
    p.ranking->missing_note = fmt::format(
        "{} of the {} reference solutions have no baseline on this GPU: 'judge baseline calibrate {}' times them",
        missing, ladder->rungs.size(), q.slug);
  return p;
}

std::string calibrate_hint(const std::string& slug, const std::string& key, std::size_t rungs) {
  if (rungs == 0)
    return fmt::format("no baselines for {} on this GPU ({}) and no reference solutions to time: speed-of-light only",
                       slug, key);
  const double seconds = kCalibrateSecondsPerRung * static_cast<double>(rungs);
  const std::string about = seconds < 90 ? fmt::format("about {:.0f} s", std::ceil(seconds / 10) * 10)
                                         : fmt::format("about {:.0f} min", std::ceil(seconds / 60));
  return fmt::format(
      "no baselines for {} on this GPU ({}): 'judge baseline calibrate {}' times its {} reference solutions here "
      "({}) and gives a percentile",
      slug, key, slug, rungs, about);
}

}  // namespace judge::baseline
