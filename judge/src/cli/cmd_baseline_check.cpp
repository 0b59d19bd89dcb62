// judge baseline check [SLUG...]: the ladder checks (baseline/ladder_check) over the shipped
// challenges, their shipped baselines, and optionally a store calibrated here.
#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "baseline/ladder_check.hpp"
#include "cli/baseline_support.hpp"

namespace judge::cli {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

struct CheckArgs {
  std::vector<std::string> slugs;
  std::string gpu;
  std::optional<std::string> store;
  bool json = false;
};

// How stale baselines become current again: timed on that GPU, or stamped where nothing changed.
std::string retime_hint(const std::string& slug, const std::string& from) {
  const std::string calibrate = from == "shipped" ? fmt::format("scripts/record-baselines.sh build/bin/judge {}", slug)
                                                  : fmt::format("judge baseline calibrate {} --store {}", slug, from);
  return fmt::format(
      "re-time them on that GPU ({}), or, where the performance case and the rungs are unchanged since they were "
      "timed, mark them with 'judge baseline stamp {}{}'",
      calibrate, slug, from == "shipped" ? "" : " --store " + from);
}

// One GPU key in one store: completeness and spacing, and (for --store) the order against the
// shipped baselines of the same key. Adds its text lines to `lines`; false when not ok.
bool check_gpu(const baseline::Ladder& ladder, const baseline::Current& now, const std::string& key,
               const std::string& from, const std::vector<baseline::Entry>& entries,
               const std::vector<baseline::Entry>* shipped, Json& out, std::vector<std::string>& lines) {
  const baseline::StoreCheck s = baseline::check_store(ladder, entries, &now);
  Json stale = Json::array();
  for (const auto& [label, why] : s.stale)
    stale.push_back({{"label", label}, {"reason", baseline::staleness_code(why)}});
  out = {{"gpu_key", key},       {"store", from},    {"measured", s.rungs_measured},
         {"missing", s.missing}, {"close", s.close}, {"stale", stale},
         {"order", nullptr}};
  std::string head = fmt::format("{} ({}): ", key, from);
  for (const std::string& p : baseline::store_problems(s)) lines.push_back(head + p);
  if (!s.stale.empty()) lines.push_back(head + retime_hint(ladder.slug, from));
  bool ok = s.ok();
  if (s.ok())
    lines.push_back(head + fmt::format("{} of {} rungs, at least {:.0f}% apart, current", s.rungs_measured,
                                       ladder.rungs.size(), 100 * baseline::kMinRungGap));
  if (shipped && !shipped->empty()) {
    // Only current shipped baselines say what the order should be.
    std::vector<baseline::Entry> current;
    std::copy_if(shipped->begin(), shipped->end(), std::back_inserter(current),
                 [&](const baseline::Entry& e) { return baseline::staleness(e, now) == baseline::Staleness::current; });
    const baseline::OrderCheck o = baseline::check_order(ladder, current, entries);
    out["order"] = {{"pairs", o.pairs}, {"swapped", o.swapped}, {"misplaced", o.misplaced}};
    for (const std::string& w : o.swapped) lines.push_back(head + w);
    for (const std::string& w : o.misplaced) lines.push_back(head + w);
    if (o.ok())
      lines.push_back(head + fmt::format("the shipped order holds ({} pairs of rungs within noise), best.cu where "
                                         "its shipped baseline says",
                                         o.pairs));
    ok = ok && o.ok();
  }
  out["ok"] = ok;
  return ok;
}

// Everything about one challenge; false when anything is not ok (an incomplete store included).
bool check_challenge(const spec::Catalog& cat, const std::string& slug, const CheckArgs& a, Json& out,
                     std::vector<std::string>& lines) {
  out = {{"challenge", slug}, {"rungs", 0}, {"problems", Json::array()}, {"gpus", Json::array()}};
  auto ladder = baseline::load_ladder(cat.solutions_dir(slug), slug);
  if (!ladder) {
    out["problems"].push_back(ladder.error().message);
    lines.push_back(ladder.error().message);
    out["ok"] = false;
    return false;
  }
  out["rungs"] = ladder->rungs.size();
  const std::vector<std::string> problems = baseline::check_manifest(*ladder);
  for (const std::string& p : problems) {
    out["problems"].push_back(p);
    lines.push_back(p);
  }
  bool ok = problems.empty();
  auto now = baseline::load_current(cat, *ladder);
  if (!now) {
    out["problems"].push_back(now.error().message);
    lines.push_back(now.error().message);
    out["ok"] = false;
    return false;
  }
  const fs::path shipped_dir = cat.root() / "baselines";
  std::vector<std::string> keys =
      a.gpu.empty() ? baseline::gpu_keys(shipped_dir, slug) : std::vector<std::string>{baseline::gpu_key(a.gpu)};
  for (const std::string& key : keys) {
    auto f = baseline::load(shipped_dir, key, slug);
    if (!f) {
      lines.push_back(f.error().message);
      out["ok"] = false;
      return false;
    }
    if (f->entries.empty() && a.store) continue;  // --gpu names a GPU the shipped store lacks: --store's below
    Json g;
    ok = check_gpu(*ladder, *now, key, "shipped", f->entries, nullptr, g, lines) && ok;
    out["gpus"].push_back(g);
  }
  if (a.store) {
    std::vector<std::string> here_keys = a.gpu.empty() ? baseline::gpu_keys(*a.store, slug) : keys;
    for (const std::string& key : here_keys) {
      auto here = baseline::load(*a.store, key, slug);
      auto shipped = baseline::load(shipped_dir, key, slug);
      if (!here || !shipped) {
        lines.push_back((!here ? here : shipped).error().message);
        out["ok"] = false;
        return false;
      }
      Json g;
      ok = check_gpu(*ladder, *now, key, *a.store, here->entries, &shipped->entries, g, lines) && ok;
      out["gpus"].push_back(g);
    }
  }
  out["ok"] = ok;
  return ok;
}

int check(const GlobalOptions& g, CheckArgs a) {
  auto cat = spec::Catalog::locate(g.root);
  if (!cat) return fail(cat.error().message, 3);
  if (a.slugs.empty()) a.slugs = cat->slugs();
  for (const std::string& slug : a.slugs) {
    if (auto c = cat->challenge(slug); !c) return fail(c.error().message, 2);
  }
  Json doc = {{"format", "judge-ladder-check/1"}, {"ok", true}, {"challenges", Json::array()}};
  std::size_t good = 0;
  for (const std::string& slug : a.slugs) {
    Json one;
    std::vector<std::string> lines;
    const bool ok = check_challenge(*cat, slug, a, one, lines);
    good += ok;
    doc["challenges"].push_back(one);
    if (a.json) continue;
    fmt::print("{} {}: {} rungs\n", ok ? "ok  " : "FAIL", slug, one["rungs"].get<std::size_t>());
    for (const std::string& l : lines) fmt::print("       {}\n", l);
  }
  doc["ok"] = good == a.slugs.size();
  if (a.json)
    fmt::print("{}\n", doc.dump(2));
  else
    fmt::print(
        "ladder check: {} of {} challenges ok (at least {} rungs with labels and notes; per GPU every rung "
        "measured, {:.0f}% apart, timing the current performance case and rungs{})\n",
        good, a.slugs.size(), baseline::kMinRungs, 100 * baseline::kMinRungGap,
        a.store ? "; the store's order as shipped" : "");
  return good == a.slugs.size() ? 0 : 1;
}

}  // namespace

void declare_baseline_check(CLI::App& parent, const GlobalOptions& g, const ChosenHandler& chosen) {
  auto a = std::make_shared<CheckArgs>();
  CLI::App* sub = parent.add_subcommand(
      "check",
      "Check the ladders: rungs, labels and notes in expected.json; per GPU, every rung measured, spaced and "
      "current (timing today's performance case and rung files); "
      "with --store, the order of a calibration against the shipped baselines");
  sub->add_option("slugs", a->slugs, "Challenges (default: all)");
  sub->add_option("--gpu", a->gpu, "Only this GPU (name or key); every challenge must then have its baselines");
  sub->add_option("--store", a->store,
                  "A store calibrated here (judge baseline calibrate --store DIR): checked too, and its order "
                  "compared with the shipped baselines of the same GPU");
  sub->add_flag("--json", a->json, "Print JSON (format judge-ladder-check/1)");
  sub->callback([&g, a, chosen] { *chosen = [&g, a] { return check(g, *a); }; });
}

}  // namespace judge::cli
