#include "grade/leaderboard.hpp"

#include <algorithm>
#include <iterator>
#include <map>

#include "baseline/freshness.hpp"
#include "baseline/rank.hpp"
#include "baseline/store.hpp"
#include "util/units.hpp"
#include "version.hpp"

namespace judge::grade {
namespace fs = std::filesystem;

namespace {

const judging::Timing* accepted_timing(const Graded& g) {
  if (g.result.verdict != judging::Verdict::AC) return nullptr;
  const judging::TestResult* t = judging::ranking_test(g.result.tests);
  return t ? &*t->timing : nullptr;
}

std::string gpu_name(const Graded& g, const std::vector<Gpu>& gpus) {
  if (g.gpu && *g.gpu >= 0 && static_cast<std::size_t>(*g.gpu) < gpus.size()) return gpus[*g.gpu].name;
  return g.result.device.is_object() ? g.result.device.value("name", "") : "";
}

std::string cuda_version(const Graded& g, const char* key) {
  return util::format_cuda_version(g.result.device.is_object() ? g.result.device.value(key, 0) : 0);
}

}  // namespace

std::string baseline_label(const Submission& s) {
  return s.student ? *s.student : s.id;
}

Status update_class_store(std::vector<Graded>& rows, const std::vector<Gpu>& gpus, const spec::Catalog& catalog,
                          const fs::path& store, const std::string& date) {
  // 1. One store file per (GPU model, challenge), each written once.
  std::map<std::pair<std::string, std::string>, baseline::File> files;
  for (const Graded& g : rows) {
    const judging::Timing* t = accepted_timing(g);
    if (!t) continue;
    const std::string name = gpu_name(g, gpus);
    const auto at = std::make_pair(baseline::gpu_key(name), g.result.challenge);
    if (!files.count(at)) {
      auto f = baseline::load(store, at.first, at.second);
      if (!f) return f.error();
      files[at] = std::move(*f);
      files[at].gpu = name;
    }
    baseline::Entry e;
    e.label = baseline_label(g.submission);
    e.source = g.submission.id;
    e.median_ms = t->events.median_ms;
    e.noise = t->events.noise;
    e.n = t->events.n;
    e.judge_version = kJudgeVersion;
    e.cuda_version = cuda_version(g, "runtime_version");
    e.driver_version = cuda_version(g, "driver_version");
    e.date = date;
    e.case_key = t->case_key;
    baseline::upsert(files[at], std::move(e));
  }
  for (const auto& [at, file] : files) {
    if (auto s = baseline::save(store, file); !s) return s;
  }
  // 2. Percentiles among classmates: everyone stored (this batch and earlier ones) but yourself.
  std::map<std::pair<std::string, std::string>, baseline::Current> nows;  // (challenge, case key)
  for (Graded& g : rows) {
    const judging::Timing* t = accepted_timing(g);
    if (!t) continue;
    const auto at = std::make_pair(baseline::gpu_key(gpu_name(g, gpus)), g.result.challenge);
    // Only baselines of the case this row timed, and shipped rungs as they are now, rank it.
    const auto known = nows.try_emplace({at.second, t->case_key});
    baseline::Current& now = known.first->second;
    if (known.second) {
      auto ladder = baseline::load_ladder(catalog.solutions_dir(at.second), at.second);
      if (!ladder) return ladder.error();
      now = baseline::current_of(t->case_key, *ladder, catalog.solutions_dir(at.second));
    }
    auto current = [&](const baseline::Entry& e) {
      return baseline::staleness(e, now) == baseline::Staleness::current;
    };
    std::vector<baseline::Entry> others;
    if (auto f = baseline::load(catalog.root() / "baselines", at.first, at.second); f)
      std::copy_if(f->entries.begin(), f->entries.end(), std::back_inserter(others), current);
    const std::string own = baseline_label(g.submission);
    for (const baseline::Entry& e : files[at].entries) {
      if (e.label != own && current(e)) others.push_back(e);
    }
    if (others.empty()) {
      g.percentile.reset();
      continue;
    }
    g.percentile = baseline::rank(t->events.median_ms, t->events.noise, others).percentile;
  }
  return Ok{};
}

}  // namespace judge::grade
