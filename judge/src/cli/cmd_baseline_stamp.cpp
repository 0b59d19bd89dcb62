// judge baseline stamp SLUG...|--all: marks a store's baselines that do not say what they timed
// (written before baselines named their case) with the challenge's ranking case and its rungs'
// files as they are now (baseline/freshness). Run it only for challenges whose performance case
// and rungs are unchanged since the baselines were timed: it asserts that they are current.
#include <fmt/format.h>

#include "baseline/freshness.hpp"
#include "cli/baseline_support.hpp"

namespace judge::cli {
namespace {

namespace fs = std::filesystem;

struct StampArgs {
  std::vector<std::string> slugs;
  bool all = false;
  std::string gpu;
  std::optional<std::string> store;
  bool dry_run = false;
};

int stamp(const GlobalOptions& g, StampArgs a) {
  auto cat = spec::Catalog::locate(g.root);
  if (!cat) return fail(cat.error().message, 3);
  if (a.all == !a.slugs.empty())
    return fail(
        "name the challenges to stamp, or --all (only those whose performance case and rungs are unchanged "
        "since their baselines were timed)",
        2);
  if (a.all) a.slugs = cat->slugs();
  for (const std::string& slug : a.slugs) {
    if (auto c = cat->challenge(slug); !c) return fail(c.error().message, 2);
  }
  const fs::path store = a.store ? fs::path(*a.store) : cat->root() / "baselines";
  std::size_t stamped = 0, stale = 0;
  for (const std::string& slug : a.slugs) {
    auto ladder = baseline::load_ladder(cat->solutions_dir(slug), slug);
    if (!ladder) return fail(ladder.error().message, 3);
    auto now = baseline::load_current(*cat, *ladder);
    if (!now) return fail(now.error().message, 3);
    if (now->case_key.empty()) {
      fmt::print("{}: no performance case, nothing to stamp\n", slug);
      continue;
    }
    const std::vector<std::string> keys =
        a.gpu.empty() ? baseline::gpu_keys(store, slug) : std::vector<std::string>{baseline::gpu_key(a.gpu)};
    for (const std::string& key : keys) {
      auto file = baseline::load(store, key, slug);
      if (!file) return fail(file.error().message, 3);
      if (file->entries.empty()) continue;
      const baseline::StampCounts n = baseline::stamp(*file, *now);
      if (n.stamped && !a.dry_run) {
        if (auto s = baseline::save(store, *file); !s) return fail(s.error().message, 3);
      }
      fmt::print("{}/{}.json: {} {}, {} current already, {} stale{}\n", key, slug,
                 a.dry_run ? "would stamp" : "stamped", n.stamped, n.current, n.stale,
                 n.stale ? " (left as they are: 'judge baseline calibrate' re-times them)" : "");
      stamped += n.stamped;
      stale += n.stale;
    }
  }
  fmt::print("{} {} baseline(s) in {}; {} stale left as they are\n", a.dry_run ? "would stamp" : "stamped", stamped,
             store.string(), stale);
  return stale ? 1 : 0;
}

}  // namespace

void declare_baseline_stamp(CLI::App& parent, const GlobalOptions& g, const ChosenHandler& chosen) {
  auto a = std::make_shared<StampArgs>();
  CLI::App* sub = parent.add_subcommand(
      "stamp",
      "Mark baselines that do not say what they timed with today's performance case and rung files (only where "
      "both are unchanged since they were timed)");
  sub->add_option("slugs", a->slugs, "Challenges (or --all)");
  sub->add_flag("--all", a->all, "Every challenge");
  sub->add_option("--gpu", a->gpu, "Only this GPU (name or key)");
  sub->add_option("--store", a->store, "Store folder (default: the shipped baselines/ of the data root)");
  sub->add_flag("--dry-run", a->dry_run, "Say what would be stamped, write nothing");
  sub->callback([&g, a, chosen] { *chosen = [&g, a] { return stamp(g, *a); }; });
}

}  // namespace judge::cli
