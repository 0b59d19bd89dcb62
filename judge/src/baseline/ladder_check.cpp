#include "baseline/ladder_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "baseline/rank.hpp"
#include "util/units.hpp"

namespace judge::baseline {
namespace {

bool is_kebab(const std::string& s) {
  if (s.empty() || s.front() == '-' || s.back() == '-') return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c == '-' && s[i - 1] != '-');
    if (!ok) return false;
  }
  return true;
}

std::string ms(double v) {
  return util::format_duration_ms(v);
}

// -1: a clearly faster than b; 1: clearly slower; 0: a tie within noise.
int relation(const Entry& a, const Entry& b) {
  if (ties(a.median_ms, a.noise, b.median_ms, b.noise)) return 0;
  return a.median_ms < b.median_ms ? -1 : 1;
}

}  // namespace

std::vector<std::string> check_manifest(const Ladder& ladder) {
  std::vector<std::string> problems;
  const std::string where = ladder.manifest.string();
  if (ladder.rungs.size() < kMinRungs)
    problems.push_back(fmt::format("{}: {} rung{} (accepted solutions not marked \"rung\": false), at least {} needed",
                                   where, ladder.rungs.size(), ladder.rungs.size() == 1 ? "" : "s", kMinRungs));
  std::set<std::string> seen;
  for (const RungSpec& r : ladder.rungs) {
    const std::string what = fmt::format("{}: rung {}", where, r.file);
    if (!is_kebab(r.label) || r.label.size() > kMaxLabelLength)
      problems.push_back(
          fmt::format("{}: label '{}'{} must be kebab-case (a-z, 0-9, single '-'), at most {} characters", what,
                      r.label, r.label_given ? "" : " (from the file name)", kMaxLabelLength));
    if (!seen.insert(r.label).second) problems.push_back(fmt::format("{}: label '{}' is used twice", what, r.label));
    if (r.note.empty())
      problems.push_back(fmt::format("{}: no \"note\" (one line: what it does)", what));
    else if (r.note.find('\n') != std::string::npos)
      problems.push_back(fmt::format("{}: the note must be one line", what));
  }
  return problems;
}

const Entry* rung_entry(const Ladder& ladder, const RungSpec& rung, const std::vector<Entry>& entries) {
  const std::string source = rung_source(ladder.slug, rung.file);
  for (const Entry& e : entries) {
    if (e.source == source) return &e;
  }
  return nullptr;
}

StoreCheck check_store(const Ladder& ladder, const std::vector<Entry>& entries, const Current* now) {
  StoreCheck c;
  std::vector<std::pair<const RungSpec*, const Entry*>> measured;
  for (const RungSpec& r : ladder.rungs) {
    const Entry* e = rung_entry(ladder, r, entries);
    if (!e) {
      c.missing.push_back(r.label);
      continue;
    }
    measured.emplace_back(&r, e);
    if (const Staleness s = now ? staleness(*e, *now) : Staleness::current; s != Staleness::current)
      c.stale.emplace_back(r.label, s);
  }
  c.rungs_measured = measured.size();
  std::sort(measured.begin(), measured.end(),
            [](const auto& a, const auto& b) { return a.second->median_ms < b.second->median_ms; });
  for (std::size_t i = 1; i < measured.size(); ++i) {
    const auto& [fast_rung, fast] = measured[i - 1];
    const auto& [slow_rung, slow] = measured[i];
    const double gap = slow->median_ms / fast->median_ms - 1;
    if (gap < kMinRungGap)
      c.close.push_back(fmt::format("{} ({}) and {} ({}) are {:.1f}% apart (at least {:.0f}%)", fast_rung->label,
                                    ms(fast->median_ms), slow_rung->label, ms(slow->median_ms), 100 * gap,
                                    100 * kMinRungGap));
  }
  return c;
}

std::vector<std::string> store_problems(const StoreCheck& check) {
  std::vector<std::string> lines;
  if (!check.complete()) {
    std::string list;
    for (const std::string& m : check.missing) list += (list.empty() ? "" : ", ") + m;
    lines.push_back("incomplete: missing " + list);
  }
  lines.insert(lines.end(), check.close.begin(), check.close.end());
  for (Staleness why : {Staleness::other_case, Staleness::edited_rung, Staleness::unknown_case}) {
    std::string list;
    for (const auto& [label, s] : check.stale)
      if (s == why) list += (list.empty() ? "" : ", ") + label;
    if (!list.empty()) lines.push_back(fmt::format("stale: the baselines of {} {}", list, staleness_phrase(why)));
  }
  return lines;
}

OrderCheck check_order(const Ladder& ladder, const std::vector<Entry>& shipped, const std::vector<Entry>& here) {
  OrderCheck c;
  struct Both {
    const RungSpec* rung;
    const Entry* shipped;
    const Entry* here;
  };
  std::vector<Both> both;
  for (const RungSpec& r : ladder.rungs) {
    const Entry* s = rung_entry(ladder, r, shipped);
    const Entry* h = rung_entry(ladder, r, here);
    if (s && h) both.push_back({&r, s, h});
  }
  for (std::size_t i = 0; i < both.size(); ++i) {
    for (std::size_t k = i + 1; k < both.size(); ++k) {
      const Both& x = both[i];
      const Both& y = both[k];
      ++c.pairs;
      const int there = relation(*x.shipped, *y.shipped), now = relation(*x.here, *y.here);
      if (there != 0 && now != 0 && there != now)
        c.swapped.push_back(fmt::format("{} and {} swapped: shipped {} vs {}, here {} vs {}", x.rung->label,
                                        y.rung->label, ms(x.shipped->median_ms), ms(y.shipped->median_ms),
                                        ms(x.here->median_ms), ms(y.here->median_ms)));
    }
  }
  // Each best.cu's time here, placed among the other shipped rungs, against its shipped time.
  for (const Both& b : both) {
    if (std::filesystem::path(b.rung->file).filename() != "best.cu") continue;
    std::vector<std::string> wrong;
    for (const Both& o : both) {
      if (&o == &b) continue;
      const int there = relation(*b.shipped, *o.shipped), now = relation(*b.here, *o.shipped);
      if (there != 0 && now != 0 && there != now)
        wrong.push_back(
            fmt::format("{} {} ({})", now < 0 ? "ahead of" : "behind", o.rung->label, ms(o.shipped->median_ms)));
    }
    if (wrong.empty()) continue;
    std::string list;
    for (const std::string& w : wrong) list += (list.empty() ? "" : ", ") + w;
    c.misplaced.push_back(fmt::format("{}: {} here lands {} among the shipped rungs, unlike its shipped {}",
                                      b.rung->file, ms(b.here->median_ms), list, ms(b.shipped->median_ms)));
  }
  return c;
}

}  // namespace judge::baseline
