#include "judging/run_steps.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "baseline/case_key.hpp"
#include "baseline/pool.hpp"
#include "judging/beyond_spec.hpp"
#include "judging/diagnose.hpp"
#include "judging/gpu_gate.hpp"
#include "judging/sanitize.hpp"
#include "judging/sanitizer_report.hpp"
#include "judging/wrong_answer_rerun.hpp"

namespace judge::judging {
namespace {

using Clock = std::chrono::steady_clock;

bool is_performance(const spec::TestCase& t) {
  return t.kind == spec::CaseKind::performance;
}

Result<exec::Runner> start_and_load(const exec::RunnerLimits& limits, const std::string& artifact) {
  auto runner = exec::Runner::start(limits);
  if (!runner) return runner.error();
  if (auto s = runner->load(artifact); !s) return s.error();
  return runner;
}

// Ranks an accepted performance result against every store's baselines for this GPU.
void rank_against_baselines(Timing& timing, const std::string& slug, const nlohmann::json& device,
                            const std::string& engine, const RunOptions& opt) {
  baseline::PlaceQuery q{opt.baseline_stores, opt.data_root / "solutions" / slug, slug,
                         baseline::gpu_key(device.value("name", "")), engine};
  q.case_key = timing.case_key;  // only baselines of the case it timed rank it
  baseline::Placement p = baseline::place(timing.events.median_ms, timing.events.noise, q);
  timing.ranking = std::move(p.ranking);
  timing.ranking_note = std::move(p.note);
  timing.ranking_reason = std::move(p.reason);
}

DiagnoseContext diagnose_context(const TestLoop& loop, const spec::TestCase& tc, int limit_ms) {
  DiagnoseContext ctx{&loop.challenge, &tc, limit_ms, loop.limits.output_cap_bytes};
  if (loop.peak) {
    ctx.peak_copy_gbs = loop.peak->copy_gbs;
    ctx.peak_fp32_gflops = loop.peak->fp32_gflops;
  }
  ctx.zero_filled = loop.opt.zero_fill;
  ctx.strict = loop.opt.strict;
  return ctx;
}

// A test whose data could not be prepared: a judge error, nothing run.
TestResult unprepared_test(const spec::TestCase& tc, std::string message) {
  TestResult tr;
  tr.name = tc.name;
  tr.kind = tc.kind;
  tr.seed = tc.seed;
  tr.verdict = Verdict::JE;
  tr.summary = std::move(message);
  return tr;
}

}  // namespace

BuildChoice choose_build(const spec::TestCase& tc, const std::string& judged, const std::string& judged_engine,
                         const TimingBuild* timing_build) {
  BuildChoice b{judged, judged_engine, ""};
  if (!is_performance(tc) || !timing_build) return b;
  const compile::CompileOutcome& nv = timing_build->outcome.get();
  if (nv.status == compile::CompileOutcome::Status::ok) {
    b.artifact = nv.artifact.string();
    b.engine = "nvcc";
  } else {
    b.note = "the nvcc build for timing failed, so the NVRTC build was timed: " + nv.log.substr(0, nv.log.find('\n'));
  }
  return b;
}

RunnerChange runner_change(bool alive, const std::string& loaded, const std::string& wanted) {
  if (!alive) return RunnerChange::restart;
  return loaded == wanted ? RunnerChange::keep : RunnerChange::switch_build;
}

Status ready_runner(TestLoop& loop, const spec::TestCase& tc, const BuildChoice& build) {
  const RunnerChange change = runner_change(loop.runner->alive(), loop.loaded, build.artifact);
  if (change == RunnerChange::keep) return Ok{};
  if (change == RunnerChange::switch_build) stop_runner(loop);
  std::optional<Result<exec::Runner>> prestarted;
  if (is_performance(tc) && build.artifact != loop.judged) prestarted = loop.prefetch.take_timing_runner();
  if (prestarted && *prestarted) {
    loop.runner = std::move(*prestarted);
  } else {
    GpuGate::Use use = GpuGate::share(loop.opt.gpu_gate);
    loop.runner = start_and_load(loop.limits, build.artifact);
  }
  if (!loop.runner)
    return make_error((change == RunnerChange::restart ? "cannot restart the GPU runner: "
                                                       : "cannot start the GPU runner for the timed build: ") +
                      loop.runner.error().message);
  loop.loaded = build.artifact;
  return Ok{};
}

Result<CaseData> prepare_test_data(TestLoop& loop, const spec::TestCase& tc) {
  if (&tc == loop.prefetched_case)
    if (std::optional<Result<CaseData>> prefetched = loop.prefetch.take_data()) return std::move(*prefetched);
  return prepare_case(loop.challenge, tc, loop.binding, loop.prep);
}

int solve_limit_ms(const spec::Challenge& c, const spec::TestCase& tc, bool sanitized) {
  const int limit_ms = tc.time_limit_ms ? tc.time_limit_ms : c.time_limit_ms;
  return sanitized ? std::max(limit_ms * kSanitizerSlowdown, kSanitizerMinSolveMs) : limit_ms;
}

TestResult run_and_diagnose(TestLoop& loop, const spec::TestCase& tc, CaseData& data, double& check_ms) {
  const RunOptions& opt = loop.opt;
  const bool sanitized = !opt.sanitize.empty();
  const int limit_ms = solve_limit_ms(loop.challenge, tc, sanitized);
  data.request.min_timed_ms = opt.min_timed_ms;
  data.request.sanitize = opt.sanitize;
  if (opt.zero_fill) zero_outputs(data);
  if (opt.on_step) opt.on_step(is_performance(tc) ? "checking, then timing" : "checking");
  // The performance case (its checked call, then the timing) has the GPU alone; the other tests
  // share it. Held through any re-run of the test.
  GpuGate::Use use = is_performance(tc) ? GpuGate::alone(opt.gpu_gate) : GpuGate::share(opt.gpu_gate);
  const exec::TestOutcome outcome = loop.runner->run(data.request, data.shm, limit_ms);
  // One runner per test under a sanitizer: the tool's report is complete when it exits.
  std::string sanitizer_tail;
  if (sanitized) sanitizer_tail = loop.runner->stop_and_collect(kSanitizerSetupMs);
  const DiagnoseContext ctx = diagnose_context(loop, tc, limit_ms);
  const auto check_start = Clock::now();
  TestResult tr = diagnose(ctx, data, outcome);
  check_ms = ms_since(check_start);
  if (sanitized)
    apply_sanitizer_report(tr, opt.sanitize, parse_sanitizer_output(outcome.output + sanitizer_tail),
                           outcome.reply.buffers);
  // Under a sanitizer the runner is gone by now (one per test): no re-run with zeroed outputs.
  if (!opt.zero_fill && failed_on_output_values(tr) && loop.runner->alive())
    rerun_wrong_answer(tr, *loop.runner, data, ctx, limit_ms);
  use.release();
  apply_beyond_spec(tr, loop.challenge, tc, opt.strict);
  return tr;
}

void rank_timing(TestResult& tr, const spec::Challenge& c, const spec::TestSuite& suite, const spec::TestCase& tc,
                 const BuildChoice& build, const nlohmann::json& device, const RunOptions& opt) {
  tr.ranks = tc.ranks;
  if (!tr.timing) return;
  tr.timing->engine = build.engine;
  tr.timing->engine_note = build.note;
  tr.timing->case_key = baseline::case_key(c, tc);  // what the baselines it ranks against must time
  if (tr.verdict == Verdict::AC && tc.ranks) rank_against_baselines(*tr.timing, c.slug, device, build.engine, opt);
  if (!tc.ranks)
    if (const spec::TestCase* r = spec::ranking_case(suite))
      tr.timing->ranking_note = fmt::format(
          "the percentile is computed on '{}', a larger case: at this, the official size, launch overhead "
          "hides the differences between solutions",
          r->name);
}

void account_test_time(const TestTimes& t, TestResult& tr, TimeSplit& run) {
  tr.time_split.data_ms = t.data_ms;
  tr.time_split.check_ms = t.check_ms;
  tr.time_split.total_ms = t.data_ms + t.run_ms;
  run.data_ms += t.data_ms;
  double run_ms = t.run_ms;
  if (tr.timing) {  // the measurement's part of this test's time
    run.validation_ms += tr.timing->validation_ms;
    run.sampling_ms += tr.timing->timing_ms - tr.timing->validation_ms;
    run_ms -= tr.timing->timing_ms;
  }
  run.functional_ms += std::max(0.0, run_ms);
}

Result<TestResult> judge_test(TestLoop& loop, const spec::TestCase& tc, const nlohmann::json& device, TimeSplit& run) {
  // The performance case runs on the timing build when there is one (judging/timing_build.hpp).
  const BuildChoice build = choose_build(tc, loop.judged, loop.judged_engine, loop.timing_build);
  if (Status s = ready_runner(loop, tc, build); !s) return s.error();
  const auto data_start = Clock::now();
  Result<CaseData> data = prepare_test_data(loop, tc);
  TestTimes times;
  times.data_ms = ms_since(data_start);
  const auto run_start = Clock::now();
  if (!data) {
    TestResult tr = unprepared_test(tc, data.error().message);
    times.run_ms = ms_since(run_start);
    account_test_time(times, tr, run);
    return tr;
  }
  TestResult tr = run_and_diagnose(loop, tc, *data, times.check_ms);
  rank_timing(tr, loop.challenge, loop.suite, tc, build, device, loop.opt);
  if (loop.opt.profile && is_performance(tc) && tr.verdict == Verdict::AC)
    loop.to_profile = {&tc, loop.loaded, solve_limit_ms(loop.challenge, tc, !loop.opt.sanitize.empty()),
                       std::move(*data)};
  times.run_ms = ms_since(run_start);
  account_test_time(times, tr, run);
  return tr;
}

}  // namespace judge::judging
