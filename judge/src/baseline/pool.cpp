#include "baseline/pool.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace judge::baseline {
namespace fs = std::filesystem;

Result<std::vector<Entry>> gather(const std::vector<fs::path>& stores, const std::string& key, const std::string& slug,
                                  const Ladder& ladder, const Current* now) {
  std::vector<Entry> all;
  for (std::size_t s = 0; s < stores.size(); ++s) {
    auto f = load(stores[s], key, slug);
    if (!f) return f.error();
    for (Entry e : f->entries) {
      const RungSpec* rung = find_rung(ladder, e.source);
      e.reference = s == 0 || rung;
      e.shipped = s == 0;
      if (rung) e.note = rung->note;
      // A rung timed again later (a user store) replaces the earlier measurement of its file,
      // unless only the earlier one is current.
      auto same = std::find_if(all.begin(), all.end(),
                               [&](const Entry& x) { return rung && x.reference && x.source == e.source; });
      if (same == all.end())
        all.push_back(std::move(e));
      else if (!now || staleness(e, *now) == Staleness::current || staleness(*same, *now) != Staleness::current)
        *same = std::move(e);
    }
  }
  return all;
}

namespace {

// The baselines left out of a ranking as stale, and why.
struct Stale {
  std::vector<Entry> entries;
  std::map<Staleness, std::size_t> counts;
};

// The most common reason (ties: other_case, then edited_rung, then unknown_case).
Staleness main_reason(const Stale& stale) {
  Staleness main = Staleness::current;
  for (Staleness s : {Staleness::other_case, Staleness::edited_rung, Staleness::unknown_case}) {
    const auto n = stale.counts.find(s);
    if (n != stale.counts.end() && (main == Staleness::current || n->second > stale.counts.at(main))) main = s;
  }
  return main;
}

// "the shipped baselines for softmax", "the baselines for softmax in your store", or both.
std::string whose(const std::string& slug, const Stale& stale) {
  const auto shipped = static_cast<std::size_t>(
      std::count_if(stale.entries.begin(), stale.entries.end(), [](const Entry& e) { return e.shipped; }));
  if (shipped == stale.entries.size()) return fmt::format("the shipped baselines for {}", slug);
  if (shipped == 0) return fmt::format("the baselines for {} in your store", slug);
  return fmt::format("the baselines for {}", slug);
}

// The command that gives current baselines: calibrate times the rungs (the user's own entries
// are measured again by `judge baseline add`).
std::string retime(const std::string& slug, const Stale& stale) {
  const bool references =
      std::any_of(stale.entries.begin(), stale.entries.end(), [](const Entry& e) { return e.reference; });
  return fmt::format("'judge baseline calibrate {}' {} on this GPU", slug,
                     references ? "re-times them" : "times the reference solutions");
}

}  // namespace

Placement place(double you_ms, double you_noise, const PlaceQuery& q) {
  Placement p;
  auto ladder = load_ladder(q.solutions_dir, q.slug);
  if (!ladder) {
    p.note = ladder.error().message;
    p.reason = "error";
    return p;
  }
  const Current now = current_of(q.case_key, *ladder, q.solutions_dir);
  auto all = gather(q.stores, q.gpu_key, q.slug, *ladder, &now);
  if (!all) {
    p.note = all.error().message;
    p.reason = "error";
    return p;
  }
  if (all->empty()) {
    p.note = calibrate_hint(q.slug, q.gpu_key, ladder->rungs.size());
    p.reason = "no_baselines";
    return p;
  }
  std::vector<Entry> current;
  Stale stale;
  for (const Entry& e : *all) {
    const Staleness s = staleness(e, now);
    if (s == Staleness::current) {
      current.push_back(e);
    } else {
      stale.entries.push_back(e);
      ++stale.counts[s];
    }
  }
  const Staleness reason = main_reason(stale);
  if (current.empty()) {
    p.note =
        fmt::format("not ranked: {} {}; {}", whose(q.slug, stale), staleness_phrase(reason), retime(q.slug, stale));
    p.reason = staleness_code(reason);
    return p;
  }
  p.ranking = rank(you_ms, you_noise, current);
  p.ranking->engine_note = engine_note(q.engine, current);
  if (!stale.entries.empty())
    p.ranking->stale_note = fmt::format("{} of the {} baselines left out: they {}; {}", stale.entries.size(),
                                        all->size(), staleness_phrase(reason), retime(q.slug, stale));
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
