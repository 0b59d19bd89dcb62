#include "report/profile_report.hpp"

#include <fmt/format.h>

#include "report/optional_json.hpp"
#include "util/terminal.hpp"
#include "util/units.hpp"

namespace judge::report {
namespace {

using util::Color;
using util::paint;

constexpr int kBarCells = 30;
const std::string kPad = "  ";

std::string pct(double v) {
  return profile::format_pct(v);
}

// "1 kernel launch", "20 of 4096 kernel launches (the first 20: ncu --launch-count 20)"
std::string launches_line(const profile::Profile& p) {
  const std::size_t n = p.launches.size();
  std::string s = fmt::format("{} kernel launch{}", n, n == 1 ? "" : "es");
  if (p.capped()) {
    s = p.launches_in_solve && *p.launches_in_solve > static_cast<int>(n)
            ? fmt::format("the first {} of {} kernel launches", n, *p.launches_in_solve)
            : fmt::format("the first {} kernel launches (solve may launch more)", n);
    s += fmt::format(", capped by ncu --launch-count {}", p.launch_cap);
  }
  return s;
}

// DRAM, L2, L1/shared and compute throughput: bars on a terminal, one line otherwise.
void throughput(std::string& out, const profile::Bottleneck& b, BarStyle bars, bool color) {
  const std::pair<const char*, std::optional<double>> rows[] = {
      {"DRAM", b.dram_pct}, {"L2 cache", b.l2_pct}, {"L1/shared", b.l1_pct}, {"compute (SM)", b.compute_pct}};
  const std::string pad = kPad + "  ";
  if (bars == BarStyle::none) {
    std::string line;
    for (const auto& [name, v] : rows)
      if (v) line += fmt::format("{}{} {}", line.empty() ? "" : ", ", name, pct(*v));
    if (!line.empty()) out += pad + "throughput, % of peak: " + line + "\n";
    return;
  }
  out += paint(pad + "throughput, % of peak:", Color::dim, color) + "\n";
  for (const auto& [name, v] : rows) {
    if (!v) continue;
    out += fmt::format("{}  {:<13}{} {:>5}\n", pad, name, bar(*v / 100, kBarCells, bars, true), pct(*v));
  }
}

void findings(std::string& out, const std::vector<profile::Finding>& shown) {
  if (shown.empty()) return;
  const std::string pad = kPad + "  ";
  out += pad + "findings (Nsight Compute's rules, most promising first):\n";
  for (std::size_t i = 0; i < shown.size(); ++i) {
    const profile::Finding& f = shown[i];
    const profile::Advice a = profile::advise(f);
    std::string head = fmt::format("{}  {}. {}", pad, i + 1, a.title);
    if (f.speedup_pct && *f.speedup_pct > 0)
      head += fmt::format(" (est. speedup {}{})", pct(*f.speedup_pct), f.speedup_type == "local" ? ", local" : "");
    out += head + "\n";
    out += pad + "     ncu: " + profile::shorten_description(f.description) + "\n";
    if (!a.try_this.empty()) out += pad + "     try: " + a.try_this + "\n";
  }
}

void kernel_text(std::string& out, const profile::KernelSummary& k, bool color, BarStyle bars) {
  std::string name = k.name + (k.launches > 1 ? fmt::format(" ×{}", k.launches) : "");
  out += paint(kPad + name, Color::bold, color) + fmt::format("  grid {}, block {}: {:.0f}% of the kernel time ({})\n",
                                                              k.grid, k.block, 100 * k.share,
                                                              util::format_duration_ms(k.duration_ns / 1e6));
  out += kPad + "  " + k.bottleneck.sentence + "\n";
  throughput(out, k.bottleneck, bars, color);
  out += kPad + "  occupancy: " + k.occupancy.sentence + "\n";
  findings(out, k.findings);
}

nlohmann::ordered_json finding_json(const profile::Finding& f) {
  const profile::Advice a = profile::advise(f);
  return {{"section", f.section},
          {"rule", f.rule},
          {"type", f.type},
          {"estimated_speedup_pct", optional_json(f.speedup_pct)},
          {"speedup_type", f.speedup_type},
          {"description", f.description},
          {"title", a.title},
          {"advice", a.try_this}};
}

nlohmann::ordered_json launch_json(const profile::KernelRecord& k) {
  nlohmann::ordered_json metrics = nlohmann::ordered_json::array(), found = nlohmann::ordered_json::array();
  for (const profile::Metric& m : k.metrics)
    metrics.push_back({{"section", m.section},
                       {"name", m.name},
                       {"unit", m.unit},
                       {"value", optional_json(m.value)},
                       {"text", m.text}});
  for (const profile::Finding& f : k.findings) found.push_back(finding_json(f));
  return {{"id", k.id},
          {"name", k.name},
          {"grid", k.grid},
          {"block", k.block},
          {"duration_ns", profile::duration_ns(k)},
          {"metrics", metrics},
          {"findings", found}};
}

nlohmann::ordered_json kernel_json(const profile::KernelSummary& k) {
  nlohmann::ordered_json shown = nlohmann::ordered_json::array();
  for (const profile::Finding& f : k.findings) shown.push_back(finding_json(f));
  const profile::Bottleneck& b = k.bottleneck;
  return {{"name", k.name},
          {"full_name", k.full_name},
          {"launches", k.launches},
          {"duration_ns", k.duration_ns},
          {"share", k.share},
          {"grid", k.grid},
          {"block", k.block},
          {"bottleneck",
           {{"kind", profile::kind_name(b.kind)},
            {"level", b.level},
            {"memory_pct", optional_json(b.memory_pct)},
            {"compute_pct", optional_json(b.compute_pct)},
            {"dram_pct", optional_json(b.dram_pct)},
            {"l2_pct", optional_json(b.l2_pct)},
            {"l1_pct", optional_json(b.l1_pct)},
            {"sentence", b.sentence}}},
          {"occupancy",
           {{"achieved_pct", optional_json(k.occupancy.achieved_pct)},
            {"theoretical_pct", optional_json(k.occupancy.theoretical_pct)},
            {"limited_by", k.occupancy.limited_by},
            {"sentence", k.occupancy.sentence}}},
          {"findings", shown}};
}

}  // namespace

std::string profile_text(const profile::Profile& p, bool color, BarStyle bars) {
  if (!p.problem.empty()) return paint("profile: none: " + p.problem, Color::yellow, color) + "\n";
  std::string out =
      paint(fmt::format("profile: Nsight Compute, one solve call of test '{}', {}", p.test, launches_line(p)),
            Color::bold, color) +
      "\n";
  out += paint(kPad + "(times under the profiler, at locked clocks, differ from the timed result)", Color::dim, color) +
         "\n";
  for (const profile::KernelSummary& k : profile::summarize(p.launches)) kernel_text(out, k, color, bars);
  return out;
}

nlohmann::ordered_json profile_json(const profile::Profile& p) {
  nlohmann::ordered_json j;
  j["tool"] = "ncu";
  j["ncu"] = p.ncu;
  j["test"] = p.test;
  j["problem"] = p.problem.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(p.problem);
  j["launch_cap"] = p.launch_cap;
  j["launches_in_solve"] = optional_json(p.launches_in_solve);
  j["capped"] = p.capped();
  j["time_limit_s"] = p.time_limit_s;
  j["hit_time_limit"] = p.hit_time_limit;
  j["wall_s"] = p.wall_s;
  j["kernels"] = nlohmann::ordered_json::array();
  for (const profile::KernelSummary& k : profile::summarize(p.launches)) j["kernels"].push_back(kernel_json(k));
  j["launches"] = nlohmann::ordered_json::array();
  for (const profile::KernelRecord& k : p.launches) j["launches"].push_back(launch_json(k));
  return j;
}

}  // namespace judge::report
