#include "cli/run_support.hpp"

#include <fmt/format.h>

#include <atomic>
#include <sstream>

#include "baseline/store.hpp"
#include "judging/sanitize.hpp"
#include "util/progress.hpp"
#include "util/terminal.hpp"

namespace judge::cli {

Result<std::set<spec::CaseKind>> parse_kinds(const std::string& text) {
  const spec::CaseKind all[] = {spec::CaseKind::example, spec::CaseKind::functional, spec::CaseKind::performance};
  std::set<spec::CaseKind> kinds;
  std::stringstream in(text);
  for (std::string k; std::getline(in, k, ',');) {
    const std::size_t before = kinds.size();
    for (spec::CaseKind kind : all) {
      if (k == "all" || k == spec::case_kind_name(kind)) kinds.insert(kind);
    }
    if (kinds.size() == before && k != "all")
      return make_error(fmt::format("--tests: unknown kind '{}' (use example, functional, performance or all)", k));
  }
  return kinds;
}

void add_judge_options(CLI::App& sub, JudgeRequest& r) {
  sub.add_option("--tests", r.tests, "Which tests: example, functional, performance or all (comma-separated)");
  sub.add_flag("--keep-going", r.keep_going, "Run every test instead of stopping at the first failure");
  sub.add_option("--compiler", r.compiler, "Compile engine: auto (nvrtc, else nvcc), nvrtc or nvcc")
      ->check(CLI::IsMember({"auto", "nvrtc", "nvcc"}));
  sub.add_option("-I", r.include_dirs, "Extra include folder (the solution's own folder is always searched)");
  sub.add_flag("--no-cache", r.no_cache, "Recompile even if an identical build is cached");
  sub.add_option("--min-time", r.min_time_s,
                 "Seconds of timed calls the performance case accumulates at least before it may stop (default 0: "
                 "the noise rule alone decides; docs/timing.md)")
      ->check(CLI::Range(0.0, 60.0));
  sub.add_option("--compile-timeout", r.compile_timeout_s,
                 "Seconds the compilation may take before it is stopped and is a compile error (default 120)")
      ->check(CLI::Range(1, 86400));
  sub.add_option("--fill", r.fill,
                 "What outputs hold when solve starts: marker (default; a NaN-like pattern, so unwritten or "
                 "accumulated-into outputs show) or zero (LeetGPU's way, which hides those bugs)")
      ->check(CLI::IsMember({"marker", "zero"}));
  sub.add_flag("--strict", r.strict,
               "Reject what is otherwise accepted with a warning (a refused launch that left every output right)");
  sub.add_option("--time-with", r.time_with,
                 "Which build the performance case runs on when NVRTC compiled the file: nvcc (default; an nvcc "
                 "build, LeetGPU's compiler, made in the background) or same (the NVRTC build)")
      ->check(CLI::IsMember({"nvcc", "same"}));
  sub.add_flag("--require-sandbox", r.require_sandbox,
               "Fail (judge error) unless every protection of the runner's sandbox is in place (see judge doctor)");
  sub.add_option("--store", r.store,
                 "Baseline store to rank against and add to (default: $XDG_DATA_HOME/judge/baselines)");
}

void add_sanitize_option(CLI::App& sub, JudgeRequest& r) {
  sub.add_option("--sanitize", r.sanitize,
                 "Run the example and functional tests under compute-sanitizer with this tool (memcheck, racecheck, "
                 "initcheck or synccheck); its first reports, with file:line, explain the verdict. No performance case")
      ->check(CLI::IsMember({"memcheck", "racecheck", "initcheck", "synccheck"}));
}

void add_profile_option(CLI::App& sub, JudgeRequest& r) {
  sub.add_flag("--profile", r.profile,
               "After judging, run the performance case's solve once more under Nsight Compute (ncu) and say per "
               "kernel what bounds it (memory, compute, latency), its occupancy and what to try (docs/profile.md); "
               "never changes the verdict or the time");
}

std::optional<std::pair<std::string, int>> apply_sanitize(const JudgeRequest& r, const std::set<spec::CaseKind>& kinds,
                                                          judging::RunOptions& opt) {
  if (r.sanitize.empty()) return std::nullopt;
  if (!kinds.count(spec::CaseKind::example) && !kinds.count(spec::CaseKind::functional))
    return std::pair<std::string, int>(
        "--sanitize runs no performance case (a time under the tool means nothing): choose --tests "
        "example,functional",
        2);
  auto tool = judging::find_compute_sanitizer();
  if (!tool) return std::pair<std::string, int>(tool.error().message, 3);
  opt.sanitize = r.sanitize;
  opt.sanitizer = *tool;
  return std::nullopt;
}

std::filesystem::path user_store(const JudgeRequest& r) {
  return r.store ? std::filesystem::path(*r.store) : baseline::default_user_store();
}

std::variant<Judged, int> judge_file(const GlobalOptions& g, const JudgeRequest& r) {
  auto cat = spec::Catalog::locate(g.root);
  if (!cat) return fail(cat.error().message, 3);
  auto c = cat->challenge(r.slug);
  if (!c) return fail(c.error().message, 2);
  auto suite = cat->testcases(*c);
  if (!suite) return fail(suite.error().message, 3);
  if (!std::filesystem::is_regular_file(r.file)) return fail(fmt::format("{}: no such file", r.file), 2);
  auto kinds = parse_kinds(r.tests);
  if (!kinds) return fail(kinds.error().message, 2);
  judging::RunOptions opt;
  opt.kinds = *kinds;
  opt.keep_going = r.keep_going;
  opt.engine = r.compiler;
  opt.use_cache = !r.no_cache;
  opt.min_timed_ms = 1000 * r.min_time_s;
  opt.zero_fill = r.fill == "zero";
  opt.strict = r.strict;
  opt.time_with = r.time_with;
  opt.compile_timeout_ms = 1000 * r.compile_timeout_s;
  opt.require_sandbox = r.require_sandbox;
  // Once per process: `judge baseline calibrate` and `judge run --watch` judge many times.
  opt.on_sandbox_gap = [](const std::string& missing) {
    static std::atomic<bool> warned{false};
    if (warned.exchange(true)) return;
    fmt::print(stderr, "judge: warning: the sandbox lacks {} (judge doctor; --require-sandbox makes this an error)\n",
               missing);
  };
  opt.data_root = cat->root();
  for (const std::string& d : r.include_dirs) opt.include_dirs.emplace_back(d);
  opt.baseline_stores = {cat->root() / "baselines", user_store(r)};
  if (r.profile && !r.sanitize.empty())
    return fail("--profile profiles the performance case, which --sanitize does not run: use one or the other", 2);
  if (r.profile && !kinds->count(spec::CaseKind::performance))
    return fail("--profile profiles the performance case: include it in --tests (e.g. --tests all)", 2);
  opt.profile = r.profile;
  if (auto problem = apply_sanitize(r, *kinds, opt)) return fail(problem->first, problem->second);
  // Steps that last over a second show on stderr: "[3/5] performance: computing expected values".
  auto progress = std::make_shared<util::ProgressLine>(stderr, r.progress);
  auto current = std::make_shared<std::string>();
  opt.on_test = [progress, current](const std::string& name, std::size_t i, std::size_t n) {
    *current = fmt::format("[{}/{}] {}", i + 1, n, name);
    progress->step(*current);
  };
  opt.on_step = [progress, current](std::string_view step) { progress->step(fmt::format("{}: {}", *current, step)); };
  Judged j{judging::judge_submission(*c, *suite, r.file, r.file, opt), *cat};
  progress->clear();
  return j;
}

}  // namespace judge::cli
