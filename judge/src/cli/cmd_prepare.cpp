// judge prepare [SLUG...]: fills the test-data cache ahead of time (before a class session), so
// the first runs do not generate inputs and expected values. No GPU needed.
#include <fmt/format.h>

#include "cli/commands.hpp"
#include "compile/binding.hpp"
#include "judging/case_data.hpp"
#include "judging/data_store.hpp"
#include "spec/catalog.hpp"
#include "util/progress.hpp"

namespace judge::cli {
namespace {

// The data does not depend on how solve() declares its scalars: any binding lays it out the same.
compile::Binding plain_binding(const spec::Challenge& c) {
  compile::Binding b;
  for (const spec::Param& p : c.params) {
    compile::BoundParam bp;
    bp.kind = p.pointer                   ? compile::ArgKind::pointer
              : spec::is_floating(p.type) ? compile::ArgKind::f64
                                          : compile::ArgKind::i64;
    b.params.push_back(bp);
  }
  return b;
}

std::string in_mib(std::uint64_t bytes) {
  return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / (1 << 20));
}

int prepare(const GlobalOptions& g, std::vector<std::string> slugs, const std::string& max_size) {
  auto cat = spec::Catalog::locate(g.root);
  if (!cat) return fail(cat.error().message, 3);
  auto store = judging::DataStore::from_environment();
  if (!store) return fail(store.error().message, 2);
  if (!max_size.empty()) {
    auto cap = judging::parse_size(max_size);
    if (!cap) return fail("--max-size: " + cap.error().message, 2);
    store = judging::DataStore(store->dir(), *cap);
  }
  if (!store->enabled())
    return fail(fmt::format("the data cache is off ({}=0); set a size such as 8G", judging::kDataCacheMaxEnv), 2);
  if (slugs.empty()) slugs = cat->slugs();
  struct Job {
    spec::Challenge challenge;
    spec::TestSuite suite;
  };
  std::vector<Job> jobs;
  std::size_t total = 0;
  for (const std::string& slug : slugs) {
    auto c = cat->challenge(slug);
    if (!c) return fail(c.error().message, 2);
    auto suite = cat->testcases(*c);
    if (!suite) return fail(suite.error().message, 3);
    total += suite->cases.size();
    jobs.push_back({std::move(*c), std::move(*suite)});
  }
  util::ProgressLine progress(stderr, util::progress_wanted(stderr, false), std::chrono::milliseconds(0));
  std::size_t done = 0, loaded = 0;
  judging::PrepareOptions opt;
  opt.cache = &*store;
  for (const Job& job : jobs) {
    const compile::Binding binding = plain_binding(job.challenge);
    for (const spec::TestCase& tc : job.suite.cases) {
      const double fraction = static_cast<double>(done) / static_cast<double>(total);
      const std::string label = fmt::format("{} {}", job.challenge.slug, tc.name);
      opt.on_step = [&](std::string_view step) { progress.step(fmt::format("{}: {}", label, step), fraction); };
      auto data = judging::prepare_case(job.challenge, tc, binding, opt);
      if (!data) {
        progress.clear();
        return fail(fmt::format("{} case '{}': {}", job.challenge.slug, tc.name, data.error().message), 3);
      }
      loaded += data->from_cache;
      ++done;
    }
  }
  progress.clear();
  const judging::DataUsage u = store->usage();
  fmt::print("prepared {} test case{} of {} challenge{} ({} already cached); data cache {}: {} entries, {} of {}\n",
             done, done == 1 ? "" : "s", jobs.size(), jobs.size() == 1 ? "" : "s", loaded, store->dir().string(),
             u.entries, in_mib(u.bytes), in_mib(store->max_bytes()));
  if (u.bytes >= store->max_bytes() * 9 / 10)
    fmt::print(stderr,
               "note: the data cache is nearly full; earlier entries may have been evicted ({} raises the cap)\n",
               judging::kDataCacheMaxEnv);
  return 0;
}

}  // namespace

Command prepare_command() {
  return {"prepare", "Fill the test-data cache ahead of time (all challenges, or the ones named)",
          [](CLI::App& sub, const GlobalOptions& g) {
            auto slugs = std::make_shared<std::vector<std::string>>();
            auto max_size = std::make_shared<std::string>();
            sub.add_option("slug", *slugs, "Challenges to prepare (default: every challenge)");
            sub.add_option("--max-size", *max_size,
                           "Size cap of the data cache for this command, e.g. 20G (default: $JUDGE_DATA_CACHE_MAX, "
                           "else 16G)");
            return std::function<int()>([&g, slugs, max_size] { return prepare(g, *slugs, *max_size); });
          }};
}

}  // namespace judge::cli
