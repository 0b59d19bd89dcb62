#include "report/ranking.hpp"

#include <fmt/format.h>

#include <cmath>
#include <vector>

#include "report/bars.hpp"
#include "util/terminal.hpp"
#include "util/units.hpp"

namespace judge::report {
namespace {

using util::Color;
using util::format_duration_ms;

constexpr int kLadderBarCells = 30;

std::string count_of(std::size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

// "of 9 reference solutions on this GPU, and 23 in your store"
std::string what_of(const baseline::Ranking& r) {
  if (r.references && r.own)
    return fmt::format("of {} on this GPU, and {} in your store",
                       count_of(r.references, "reference solution", "reference solutions"), r.own);
  if (r.references) return "of " + count_of(r.references, "reference solution", "reference solutions") + " on this GPU";
  return "of " + count_of(r.own, "baseline", "baselines") + " in your store";
}

std::string percent(double ratio) {
  return fmt::format("{:.0f}%", 100 * ratio);
}

// "shared-tiled, 11% faster: stages the input slice in shared memory"
std::string neighbour(const baseline::Rung& rung, double ratio, const char* direction) {
  std::string s =
      fmt::format("{}, {} {} ({})", rung.label, percent(ratio), direction, format_duration_ms(rung.median_ms));
  if (!rung.note.empty()) s += ": " + rung.note;
  return s;
}

nlohmann::ordered_json rung_json(const baseline::Rung& rung) {
  return {{"label", rung.label},
          {"median_ms", rung.median_ms},
          {"you", rung.you},
          {"reference", rung.reference},
          {"note", rung.note}};
}

}  // namespace

std::string format_percentile(double p) {
  if (std::fabs(p - std::round(p)) < 0.05) return fmt::format("{:.0f}", std::round(p));
  return fmt::format("{:.1f}", p);
}

std::string ranking_text(const baseline::Ranking& r, const std::string& pad, bool color, BarStyle bars) {
  std::string head = fmt::format("percentile {} {}", format_percentile(r.percentile), what_of(r));
  if (r.beyond_best)
    head += fmt::format(": {} faster than the best baseline", percent(*r.beyond_best));
  else if (r.behind_slowest)
    head += fmt::format(": {} slower than the slowest baseline", percent(*r.behind_slowest));
  else
    head += fmt::format(" ({} slower, {} within noise, {} faster)", r.slower, r.ties, r.faster);
  std::string out = pad + head + "\n";
  if (r.next_faster) out += pad + "next:  " + neighbour(*r.next_faster, r.next_faster_ratio, "faster") + "\n";
  if (r.next_slower) out += pad + "below: " + neighbour(*r.next_slower, r.next_slower_ratio, "slower") + "\n";
  if (!r.engine_note.empty()) out += util::paint(pad + "note: " + r.engine_note, Color::yellow, color) + "\n";
  if (!r.missing_note.empty()) out += util::paint(pad + "note: " + r.missing_note, Color::dim, color) + "\n";
  if (!r.stale_note.empty()) out += util::paint(pad + "note: " + r.stale_note, Color::yellow, color) + "\n";
  // On a terminal each rung's time is also a bar, on one log scale (times span orders of
  // magnitude), of a fixed width, so the notes after it line up.
  std::vector<double> times;
  for (const auto& rung : r.ladder) times.push_back(rung.median_ms);
  const BarScale scale = log_scale(times);
  if (bars != BarStyle::none && !r.ladder.empty())
    out += util::paint(fmt::format("{}  {:<24} {:>10}  time, log scale (shorter is faster)", pad, "", ""), Color::dim,
                       color) +
           "\n";
  for (const auto& rung : r.ladder) {
    std::string row =
        fmt::format("{}{} {:<24} {:>10}", pad, rung.you ? ">" : " ", rung.label, format_duration_ms(rung.median_ms));
    if (bars != BarStyle::none) {
      std::string b = bar(scale.position(rung.median_ms), kLadderBarCells, bars);
      if (rung.you || rung.note.empty()) b.erase(b.find_last_not_of(' ') + 1);
      row += "  " + b;
    }
    if (rung.you)
      out += util::paint(row, Color::cyan, color) + "\n";
    else
      out += row + (rung.note.empty() ? "" : util::paint("  " + rung.note, Color::dim, color)) + "\n";
  }
  return out;
}

nlohmann::ordered_json ranking_json(const baseline::Ranking& r) {
  nlohmann::ordered_json j;
  j["percentile"] = r.percentile;
  j["total"] = r.total;
  j["references"] = r.references;
  j["own"] = r.own;
  j["slower"] = r.slower;
  j["ties"] = r.ties;
  j["faster"] = r.faster;
  j["next_faster"] = r.next_faster ? rung_json(*r.next_faster) : nlohmann::ordered_json();
  if (r.next_faster) j["next_faster"]["ratio"] = r.next_faster_ratio;
  j["next_slower"] = r.next_slower ? rung_json(*r.next_slower) : nlohmann::ordered_json();
  if (r.next_slower) j["next_slower"]["ratio"] = r.next_slower_ratio;
  j["beyond_best"] = r.beyond_best ? nlohmann::ordered_json(*r.beyond_best) : nlohmann::ordered_json();
  j["behind_slowest"] = r.behind_slowest ? nlohmann::ordered_json(*r.behind_slowest) : nlohmann::ordered_json();
  j["engine_note"] = r.engine_note;
  j["missing_note"] = r.missing_note;
  j["stale_note"] = r.stale_note;
  j["ladder"] = nlohmann::ordered_json::array();
  for (const auto& rung : r.ladder) j["ladder"].push_back(rung_json(rung));
  return j;
}

}  // namespace judge::report
