// judge baseline rank SLUG MS: where a runtime measured anywhere stands among a GPU's baselines
// (those of the challenge's ranking case: baseline/freshness).
#include <fmt/format.h>

#include "baseline/case_key.hpp"
#include "baseline/pool.hpp"
#include "cli/baseline_support.hpp"
#include "report/ranking.hpp"
#include "util/terminal.hpp"
#include "util/units.hpp"

namespace judge::cli {
namespace {

namespace fs = std::filesystem;

struct RankArgs {
  std::string slug, gpu;
  double ms = 0;
  std::optional<std::string> store;
  bool json = false;
};

int rank_time(const GlobalOptions& g, const RankArgs& a) {
  auto cat = spec::Catalog::locate(g.root);
  if (!cat) return fail(cat.error().message, 3);
  auto c = cat->challenge(a.slug);
  if (!c) return fail(c.error().message, 2);
  auto suite = cat->testcases(*c);
  if (!suite) return fail(suite.error().message, 3);
  const std::vector<fs::path> stores = {cat->root() / "baselines", store_or_default(a.store)};
  std::string key;
  if (!a.gpu.empty()) {
    key = baseline::gpu_key(a.gpu);
  } else {
    auto name = local_gpu_name();
    if (!name)
      return fail(fmt::format("no GPU visible here ({}): say which GPU's baselines to rank against with --gpu KEY "
                              "(baselines of {} exist for: {})",
                              name.error().message, a.slug, known_gpu_keys(stores, a.slug)),
                  2);
    key = baseline::gpu_key(*name);
  }
  // The time is taken to be of the challenge's ranking case: only baselines of that case rank it.
  baseline::PlaceQuery q{stores, cat->solutions_dir(a.slug), a.slug, key, "", baseline::ranking_case_key(*c, *suite)};
  // A time given on the command line has no noise of its own: ties use the 1% floor.
  const baseline::Placement p = baseline::place(a.ms, 0, q);
  std::string why = p.note;
  if (!p.ranking && !a.gpu.empty() && p.reason == "no_baselines")
    why += fmt::format(" (baselines of {} exist for: {})", a.slug, known_gpu_keys(stores, a.slug));
  if (a.json) {
    nlohmann::ordered_json j;
    j["format"] = "judge-baseline-rank/1";
    j["challenge"] = a.slug;
    j["gpu_key"] = key;
    j["median_ms"] = a.ms;
    j["ranking"] = p.ranking ? report::ranking_json(*p.ranking) : nlohmann::ordered_json();
    j["ranking_note"] = p.ranking ? "" : why;
    j["ranking_reason"] = p.ranking ? nlohmann::ordered_json() : nlohmann::ordered_json(p.reason);
    fmt::print("{}\n", j.dump(2));
    return p.ranking ? 0 : 2;
  }
  if (!p.ranking) return fail(why, 2);
  fmt::print("{} in {} on {}\n", a.slug, util::format_duration_ms(a.ms), key);
  fmt::print("{}",
             report::ranking_text(*p.ranking, "  ", util::stream_wants_color(stdout), report::bar_style_for(stdout)));
  return 0;
}

}  // namespace

void declare_baseline_rank(CLI::App& parent, const GlobalOptions& g, const ChosenHandler& chosen) {
  auto a = std::make_shared<RankArgs>();
  CLI::App* sub = parent.add_subcommand("rank", "Place a runtime (in ms, measured anywhere) among a GPU's baselines");
  sub->add_option("slug", a->slug, "Challenge")->required();
  sub->add_option("ms", a->ms, "Runtime in milliseconds, e.g. 0.312")->required()->check(CLI::PositiveNumber);
  sub->add_option("--gpu", a->gpu,
                  "GPU name or key, e.g. nvidia-h100-80gb-hbm3 (default: this machine's GPU; without one, required)");
  sub->add_option("--store", a->store, "Store folder (default: $XDG_DATA_HOME/judge/baselines)");
  sub->add_flag("--json", a->json, "Print JSON (format judge-baseline-rank/1)");
  sub->callback([&g, a, chosen] { *chosen = [&g, a] { return rank_time(g, *a); }; });
}

}  // namespace judge::cli
