// judge baseline calibrate [SLUG...]: times the shipped rungs (expected.json) on this machine's
// GPU, performance case only, and stores them under its GPU key, so `judge run` gets a
// percentile on any GPU. Each rung is saved as soon as it is timed: an interrupted calibration
// resumes where it stopped.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <thread>

#include "baseline/calibration.hpp"
#include "cli/baseline_support.hpp"
#include "compile/compiler.hpp"
#include "judging/submission.hpp"
#include "util/progress.hpp"
#include "util/units.hpp"
#include "version.hpp"

namespace judge::cli {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct CalibrateArgs {
  std::vector<std::string> slugs;
  bool force = false;
  JudgeRequest run;  // the run options (--store among them); tests: performance only
};

struct Job {
  std::string slug;
  baseline::RungSpec rung;
};

std::string clock_text(double seconds) {
  const auto s = static_cast<long>(seconds + 0.5);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

// "3 rungs whose baselines timed another performance case, 1 whose ..." for the plan's line.
std::string stale_summary(const std::map<baseline::Staleness, std::size_t>& stale) {
  std::string out;
  for (const auto& [why, n] : stale)
    out += fmt::format("{}{} {}", out.empty() ? "" : "; ", n, baseline::staleness_phrase(why));
  return out;
}

// The plan: every rung not yet timed here, or whose measurement here is stale (another case, an
// edited file, or one recorded before baselines named their case); all with --force.
Result<std::vector<Job>> plan(const spec::Catalog& cat, const CalibrateArgs& a, const fs::path& store,
                              const std::string& key, std::vector<baseline::Ladder>& ladders) {
  std::vector<Job> jobs;
  for (const std::string& slug : a.slugs) {
    auto ladder = baseline::load_ladder(cat.solutions_dir(slug), slug);
    if (!ladder) return ladder.error();
    auto file = baseline::load(store, key, slug);
    if (!file) return file.error();
    auto now = baseline::load_current(cat, *ladder);
    if (!now) return now.error();
    std::size_t to_time = 0;
    std::map<baseline::Staleness, std::size_t> stale;
    for (const baseline::RungSpec& r : ladder->rungs) {
      const std::string source = baseline::rung_source(slug, r.file);
      if (!a.force && baseline::rung_timed(*file, source, kJudgeVersion, *now)) continue;
      if (auto why = baseline::rung_staleness(*file, source, *now)) ++stale[*why];
      jobs.push_back({slug, r});
      ++to_time;
    }
    if (to_time == 0 && !ladder->rungs.empty())
      fmt::print("{}: all {} rungs already timed on {} by judge {} (--force times them again)\n", slug,
                 ladder->rungs.size(), key, kJudgeVersion);
    else if (!stale.empty())
      fmt::print("{}: timing again the stale baselines on {}: {}\n", slug, key, stale_summary(stale));
    ladders.push_back(std::move(*ladder));
  }
  return jobs;
}

// Compiles every rung's timed build (nvcc) on all CPU cores before the first is timed, so the
// GPU does not wait for one compile after another: each timed run then finds its build in the
// compile cache. A rung that fails to compile here fails the same way in its run, which says so.
void compile_ahead(const spec::Catalog& cat, const std::vector<Job>& jobs, const std::string& arch,
                   const std::vector<std::string>& include_dirs, util::ProgressLine& progress) {
  const std::vector<fs::path> includes(include_dirs.begin(), include_dirs.end());  // -I: part of the cache key
  (void)compile::nvcc_version();  // answers cached in statics: asked before any thread does
  (void)compile::nvrtc_toolchain_version();
  const unsigned threads =
      std::max(1u, std::min<unsigned>(std::thread::hardware_concurrency(), static_cast<unsigned>(jobs.size())));
  std::atomic<std::size_t> next{0}, done{0};
  std::mutex progress_mutex;
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&] {
      for (std::size_t i; (i = next++) < jobs.size();) {
        const Job& job = jobs[i];
        const fs::path file = cat.solutions_dir(job.slug) / job.rung.file;
        auto c = cat.challenge(job.slug);
        auto suite = c ? cat.testcases(*c) : Result<spec::TestSuite>(make_error("no challenge"));
        if (c && suite) {
          judging::BoundSource bound = judging::bind_source(*c, *suite, file, file.string(), judging::RunOptions{});
          if (bound.binding) (void)compile::compile({file, file.string(), includes, arch, "nvcc", *bound.binding});
        }
        std::lock_guard lock(progress_mutex);
        const std::size_t n = ++done;
        progress.step(fmt::format("compiling the rungs on {} threads: {}/{}", threads, n, jobs.size()),
                      static_cast<double>(n) / static_cast<double>(jobs.size()));
      }
    });
  }
  for (std::thread& t : pool) t.join();
  progress.clear();
}

int calibrate(const GlobalOptions& g, CalibrateArgs a) {
  auto cat = spec::Catalog::locate(g.root);
  if (!cat) return fail(cat.error().message, 3);
  if (a.slugs.empty()) a.slugs = cat->slugs();
  for (const std::string& slug : a.slugs) {
    if (auto c = cat->challenge(slug); !c) return fail(c.error().message, 2);
  }
  auto device = local_device();
  if (!device) return fail("calibrating needs this machine's GPU: " + device.error().message, 3);
  const std::string gpu = device->value("name", "");
  const std::string key = baseline::gpu_key(gpu);
  const fs::path store = user_store(a.run);
  std::vector<baseline::Ladder> ladders;
  auto jobs = plan(*cat, a, store, key, ladders);
  if (!jobs) return fail(jobs.error().message, 3);
  if (jobs->empty()) {
    fmt::print("nothing to time: every rung is in {}\n", (store / key).string());
    return 0;
  }
  fmt::print("timing {} rungs on {} ({}) into {}\n", jobs->size(), gpu, key, (store / key).string());
  util::ProgressLine progress(stderr, util::progress_wanted(stderr, false), std::chrono::milliseconds(0));
  const auto start = Clock::now();
  // The rungs are timed on their nvcc builds (as `judge run` times an NVRTC-judged file, by
  // default): with only the performance case to run, judging that build directly saves a
  // second runner per rung. Compiled ahead, in parallel.
  if (a.run.compiler == "auto" && a.run.time_with == "nvcc" && compile::nvcc_version()) {
    a.run.compiler = "nvcc";
    if (!a.run.no_cache)
      compile_ahead(*cat, *jobs, fmt::format("sm_{}{}", device->value("cc_major", 0), device->value("cc_minor", 0)),
                    a.run.include_dirs, progress);
  }
  std::vector<std::string> failed;
  for (std::size_t i = 0; i < jobs->size(); ++i) {
    const Job& job = (*jobs)[i];
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    const std::string left =
        i ? ", about " + clock_text(elapsed / static_cast<double>(i) * static_cast<double>(jobs->size() - i)) + " left"
          : "";
    progress.step(fmt::format("[{}/{}] {} {}{}", i + 1, jobs->size(), job.slug, job.rung.label, left),
                  static_cast<double>(i) / static_cast<double>(jobs->size()));
    JudgeRequest r = a.run;
    r.slug = job.slug;
    r.file = (cat->solutions_dir(job.slug) / job.rung.file).string();
    r.tests = "performance";
    r.progress = false;
    auto judged = judge_file(g, r);
    progress.clear();
    if (std::holds_alternative<int>(judged)) {  // a set-up problem (e.g. a missing file), already reported
      failed.push_back(fmt::format("{}/{}: could not be judged (see the error above)", job.slug, job.rung.file));
      continue;
    }
    const Judged& j = std::get<Judged>(judged);
    auto made = entry_from_run(j, r, job.rung.label);
    if (auto* err = std::get_if<EntryError>(&made)) {
      failed.push_back(
          fmt::format("{}/{}: {} {}", job.slug, job.rung.file, judging::verdict_code(j.result.verdict), err->message));
      fmt::print("  FAILED {}\n", failed.back());
      continue;
    }
    baseline::Entry e = std::get<baseline::Entry>(made);
    e.calibrated = true;
    auto file = baseline::load(store, key, job.slug);  // again: another process may have added to it
    if (!file) return fail(file.error().message, 3);
    file->gpu = gpu;
    const auto ladder = std::find_if(ladders.begin(), ladders.end(), [&](const auto& l) { return l.slug == job.slug; });
    fmt::print("  {:<24} {:<20} {:>10}  {}\n", job.slug, e.label, util::format_duration_ms(e.median_ms), e.engine);
    baseline::store_rung(*file, *ladder, std::move(e));
    if (auto s = baseline::save(store, *file); !s) return fail(s.error().message, 3);
  }
  const double total = std::chrono::duration<double>(Clock::now() - start).count();
  fmt::print("timed {} of {} rungs in {} ({:.1f} s per rung) on {}; stored in {}\n", jobs->size() - failed.size(),
             jobs->size(), clock_text(total), total / static_cast<double>(jobs->size()), key, (store / key).string());
  for (const std::string& f : failed) fmt::print("FAILED {}\n", f);
  return failed.empty() ? 0 : 1;
}

}  // namespace

void declare_baseline_calibrate(CLI::App& parent, const GlobalOptions& g, const ChosenHandler& chosen) {
  auto a = std::make_shared<CalibrateArgs>();
  CLI::App* sub = parent.add_subcommand(
      "calibrate",
      "Time the shipped reference solutions (rungs) on this GPU and store them, so runs here get a percentile");
  sub->add_option("slugs", a->slugs, "Challenges (default: all)");
  sub->add_flag("--force", a->force, "Time every rung again, even those already stored for this GPU and judge version");
  add_judge_options(*sub, a->run);
  // The rungs are accepted solutions: only the performance case is run.
  sub->remove_option(sub->get_option("--tests"));
  sub->remove_option(sub->get_option("--keep-going"));
  sub->callback([&g, a, chosen] { *chosen = [&g, a] { return calibrate(g, *a); }; });
}

}  // namespace judge::cli
