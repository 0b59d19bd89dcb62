#include "judging/test_loop.hpp"

#include <algorithm>
#include <chrono>

#include "judging/clearer_test.hpp"
#include "judging/gpu_gate.hpp"
#include "judging/run_steps.hpp"
#include "util/cache_root.hpp"

namespace judge::judging {
namespace {

using Clock = std::chrono::steady_clock;

bool is_performance_case(const spec::TestCase* t) {
  return t->kind == spec::CaseKind::performance;
}

// Loading uploads the solution's kernels: a use of the GPU. A build that does not load ends
// the run, with the runner stopped.
Status load_judged_build(TestLoop& loop) {
  GpuGate::Use use = GpuGate::share(loop.opt.gpu_gate);
  if (auto s = loop.runner->load(loop.judged); !s) {
    loop.runner->stop();
    return s;
  }
  return Ok{};
}

// Speed-of-light needs the device's peak bandwidth: measured once per device, then cached.
// Without it the run goes on, with no speed-of-light.
std::optional<DevicePeak> peak_for_speed_of_light(TestLoop& loop) {
  const std::filesystem::path peaks = util::cache_root() / "device-peaks.json";
  if (std::optional<DevicePeak> cached = cached_device_peak(loop.runner->device(), peaks)) return cached;
  GpuGate::Use use = GpuGate::alone(loop.opt.gpu_gate);  // a measurement, so it has the GPU alone
  auto p = device_peak(*loop.runner, peaks);
  if (!p) return std::nullopt;
  return *p;
}

// Where test data comes from: the data cache unless it is off, and how much memory the
// performance case's alternate input set may take.
Status open_test_data(TestLoop& loop) {
  if (loop.opt.use_data_cache) {
    auto store = DataStore::from_environment();
    if (!store) return make_error(store.error().message + " (set it to a size such as 8G, or 0 for no data cache)");
    loop.data_cache = std::move(*store);
    loop.prep.cache = &*loop.data_cache;
  }
  loop.prep.on_step = loop.opt.on_step;
  loop.prep.max_alternate_bytes =
      std::min<std::size_t>(std::size_t{4} << 30, loop.runner->device().value("memory_bytes", std::size_t{0}) / 6);
  return Ok{};
}

// The first performance case's data (and the runner of the timing build) get ready meanwhile.
// A suite may hold a second, larger performance case (the ranking case): it prepares its own.
void start_prefetch(TestLoop& loop, const std::vector<const spec::TestCase*>& selected) {
  const auto first = std::find_if(selected.begin(), selected.end(), is_performance_case);
  if (first == selected.end()) return;
  loop.prefetched_case = *first;
  loop.prefetch = PerfPrefetch(loop.challenge, **first, loop.binding, loop.prep,
                               loop.opt.sanitize.empty() ? loop.timing_build : nullptr, loop.limits, loop.opt.gpu_gate);
}

}  // namespace

TestLoop::TestLoop(const spec::Challenge& challenge, const spec::TestSuite& suite, const compile::Binding& binding,
                   const RunOptions& options, exec::RunnerLimits limits, std::string judged, std::string judged_engine,
                   const TimingBuild* timing_build, exec::Runner&& runner)
    : challenge(challenge),
      suite(suite),
      binding(binding),
      opt(options),
      limits(std::move(limits)),
      judged(std::move(judged)),
      judged_engine(std::move(judged_engine)),
      timing_build(timing_build),
      runner(std::move(runner)),
      loaded(this->judged) {}

void stop_runner(TestLoop& loop) {
  GpuGate::Use use = GpuGate::share(loop.opt.gpu_gate);
  loop.runner->stop();
}

Status start_tests(TestLoop& loop, const std::vector<const spec::TestCase*>& selected) {
  if (Status s = load_judged_build(loop); !s) return s;
  if (loop.opt.on_sandbox_gap && !loop.runner->sandbox().complete())
    loop.opt.on_sandbox_gap(loop.runner->sandbox().missing_line());
  if (std::any_of(selected.begin(), selected.end(), is_performance_case)) loop.peak = peak_for_speed_of_light(loop);
  if (Status s = open_test_data(loop); !s) {
    loop.runner->stop();
    return s;
  }
  start_prefetch(loop, selected);
  return Ok{};
}

Status run_tests(TestLoop& loop, const std::vector<const spec::TestCase*>& selected, RunResult& result) {
  for (std::size_t i = 0; i < selected.size(); ++i) {
    const spec::TestCase& tc = *selected[i];
    if (loop.opt.on_test) loop.opt.on_test(tc.name, i, selected.size());
    Result<TestResult> tr = judge_test(loop, tc, result.device, result.time_split);
    if (!tr) return tr.error();
    result.verdict = worst(result.verdict, tr->verdict);
    result.tests.push_back(std::move(*tr));
    if (result.tests.back().verdict != Verdict::AC && !loop.opt.keep_going) break;
  }
  return Ok{};
}

void finish_tests(TestLoop& loop, RunResult& result) {
  const RunOptions& opt = loop.opt;
  TimeSplit& split = result.time_split;
  // A first failure that says little cites a later test that shows more (judging/clearer_test.hpp).
  split.functional_ms += explain_with_clearer_test(
      result, {&loop.challenge, &loop.suite, &loop.binding, loop.prep,
               opt.sanitize.empty() && loop.runner->alive() && loop.loaded == loop.judged ? &*loop.runner : nullptr,
               loop.limits.output_cap_bytes, opt.keep_going, opt.zero_fill, opt.strict, opt.gpu_gate});
  stop_runner(loop);
  if (opt.profile) {
    if (opt.on_step && loop.to_profile.data) opt.on_step("profiling one solve call under Nsight Compute");
    const auto profile_start = Clock::now();
    result.profile = profile_performance_case(loop.suite, result.tests, loop.limits, loop.to_profile);
    split.profile_ms = ms_since(profile_start);
  }
}

}  // namespace judge::judging
