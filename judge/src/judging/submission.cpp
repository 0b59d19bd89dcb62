#include "judging/submission.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstring>

#include "baseline/case_key.hpp"
#include "baseline/pool.hpp"
#include "bench/device_peak.hpp"
#include "compile/binding.hpp"
#include "compile/compiler.hpp"
#include "compile/prototype.hpp"
#include "compile/source_hash.hpp"
#include "exec/runner.hpp"
#include "judging/case_data.hpp"
#include "judging/clearer_test.hpp"
#include "judging/diagnose.hpp"
#include "judging/isolated_compile.hpp"
#include "judging/perf_prefetch.hpp"
#include "judging/profile_run.hpp"
#include "judging/sanitize.hpp"
#include "judging/timing_build.hpp"

namespace judge::judging {
namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

RunResult ended(RunResult r, Verdict v, std::string summary) {
  r.verdict = v;
  r.summary = std::move(summary);
  return r;
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

Result<exec::Runner> start_and_load(const exec::RunnerLimits& limits, const std::string& artifact) {
  auto runner = exec::Runner::start(limits);
  if (!runner) return runner.error();
  if (auto s = runner->load(artifact); !s) return s.error();
  return runner;
}

void poison_outputs(CaseData& d) {
  for (const exec::BufferSlot& s : d.request.buffers)
    if (s.role == spec::Role::out) exec::fill_poison(d.shm.data() + s.result_offset, s.bytes, s.element_bytes);
}

void zero_outputs(CaseData& d) {
  d.request.zero_fill = true;
  for (const exec::BufferSlot& s : d.request.buffers)
    if (s.role == spec::Role::out) std::memset(d.shm.data() + s.result_offset, 0, s.bytes);
}

// A test that failed on its output values runs again, to explain it better. First exactly as
// before: different outputs mean a race. Then with outputs starting at zero; if it then passes,
// the verdict stays WA and the explanation says solve reads its output first.
void rerun_failed_test(TestResult& tr, exec::Runner& runner, CaseData& data, DiagnoseContext ctx, int limit_ms) {
  const OutputEvidence evidence = output_evidence(data);
  const auto first = output_bytes(data);
  data.request.performance = false;  // correctness checks only
  poison_outputs(data);
  const exec::TestOutcome same = runner.run(data.request, data.shm, limit_ms);
  if (same.end == exec::TestOutcome::End::done && !same.report.contains("cuda_error") && runner.alive()) {
    if (auto d = compare_runs(data, first, ctx.challenge->tolerance)) {
      explain_race(tr, *d);
      return;
    }
  }
  if (!runner.alive()) return;
  zero_outputs(data);
  const exec::TestOutcome again = runner.run(data.request, data.shm, limit_ms);
  ctx.zero_filled = true;
  const TestResult second = diagnose(ctx, data, again);
  if (second.verdict == Verdict::AC) explain_zero_fill_pass(tr, evidence);
}

std::vector<const spec::TestCase*> selected_cases(const spec::TestSuite& suite, const RunOptions& opt) {
  std::vector<const spec::TestCase*> selected;
  for (const spec::TestCase& tc : suite.cases) {
    // Under a sanitizer the performance case is not run: a time under the tool means nothing.
    if (!opt.sanitize.empty() && tc.kind == spec::CaseKind::performance) continue;
    if (opt.kinds.count(tc.kind)) selected.push_back(&tc);
  }
  return selected;
}

// The sanitizer's note for the report: which tests it left out.
std::string sanitizer_note(const spec::TestSuite& suite, const RunOptions& opt) {
  const bool skipped = opt.kinds.count(spec::CaseKind::performance) &&
                       std::any_of(suite.cases.begin(), suite.cases.end(),
                                   [](const spec::TestCase& t) { return t.kind == spec::CaseKind::performance; });
  return skipped ? "the performance case is not run under a sanitizer (its times would mean nothing)" : "";
}

}  // namespace

exec::RunnerLimits runner_limits(const RunOptions& opt) {
  exec::RunnerLimits limits;
  limits.executable = opt.runner_executable;
  limits.visible_devices = opt.visible_devices;
  if (!opt.sanitize.empty()) {
    limits.wrapper = sanitizer_argv(opt.sanitizer, opt.sanitize);
    limits.setup_ms = kSanitizerSetupMs;  // the runner's start and the judge's copies run under the tool too
  }
  limits.require_sandbox = opt.require_sandbox;
  return limits;
}

BoundSource bind_source(const spec::Challenge& c, const spec::TestSuite& suite, const std::filesystem::path& source,
                        const std::string& display, const RunOptions& opt) {
  RunResult result;
  result.challenge = c.slug;
  result.title = c.title;
  result.source = display;
  result.tests_selected = selected_cases(suite, opt).size();
  result.sanitizer = opt.sanitize;
  if (!opt.sanitize.empty()) result.sanitizer_note = sanitizer_note(suite, opt);
  // GPU-free, so a mismatch is reported even on a machine without a GPU.
  auto text = compile::read_text_file(source);
  if (!text) return {ended(result, Verdict::JE, text.error().message), std::nullopt};
  auto proto = compile::parse_solve_prototype(*text, display);
  if (!proto) return {ended(result, Verdict::CE, proto.error().message), std::nullopt};
  auto binding = compile::bind_prototype(*proto, c, display);
  if (!binding) return {ended(result, Verdict::CE, binding.error().message), std::nullopt};
  return {std::move(result), std::move(*binding)};
}

compile::CompileOutcome compile_submission(const compile::CompileRequest& req, const RunOptions& opt,
                                           const std::string& challenge, const std::filesystem::path& cwd,
                                           const std::string& file) {
  if (opt.compile_timeout_ms <= 0) return compile::compile(req);
  return compile_isolated(req, {opt.runner_executable, opt.data_root, challenge, cwd, file, opt.compile_timeout_ms});
}

RunResult judge_submission(const spec::Challenge& c, const spec::TestSuite& suite, const std::filesystem::path& source,
                           const std::string& display, const RunOptions& opt) {
  const auto began = Clock::now();
  // Every way out says how long it took (a CE too: its compile time is the interesting part).
  auto timed = [&](RunResult r) {
    r.time_split.total_ms = ms_since(began);
    return r;
  };
  // 1. Signature.
  BoundSource bound = bind_source(c, suite, source, display, opt);
  if (!bound.binding) return timed(std::move(bound.result));
  RunResult result = std::move(bound.result);
  const compile::Binding& binding = *bound.binding;

  // 2. The runner tells us which GPU we compile for.
  auto runner = exec::Runner::start(runner_limits(opt));
  if (!runner) return timed(ended(result, Verdict::JE, runner.error().message));
  result.device = runner->device();

  // 3. Compile for exactly that architecture.
  compile::CompileRequest req{source, display, opt.include_dirs, runner->arch(), opt.engine, binding};
  req.use_cache = opt.use_cache;
  const auto compile_start = Clock::now();
  const compile::CompileOutcome built = compile_submission(req, opt, c.slug, "", display);
  result.time_split.compile_ms = ms_since(compile_start);
  result.compile = {built.engine, req.arch, built.cached, built.compile_ms, built.log, built.note};
  if (built.status == compile::CompileOutcome::Status::compile_error)
    return timed(ended(result, Verdict::CE, built.log));
  if (built.status == compile::CompileOutcome::Status::tool_error) return timed(ended(result, Verdict::JE, built.log));
  std::optional<TimingBuild> timing;
  if (wants_timing_build(opt, built.engine)) timing = start_timing_build(req, opt, c.slug, "", display);
  return timed(
      judge_artifact(std::move(result), c, suite, binding, built.artifact, *runner, opt, timing ? &*timing : nullptr));
}

RunResult judge_artifact(RunResult result, const spec::Challenge& c, const spec::TestSuite& suite,
                         const compile::Binding& binding, const std::filesystem::path& artifact,
                         exec::Runner& first_runner, const RunOptions& opt, const TimingBuild* timing_build) {
  const auto began = Clock::now();
  TimeSplit& split = result.time_split;
  if (split.compile_ms == 0) split.compile_ms = result.compile.compile_ms;  // compiled elsewhere (judge grade)
  const std::vector<const spec::TestCase*> selected = selected_cases(suite, opt);
  const exec::RunnerLimits limits = runner_limits(opt);
  if (opt.zero_fill)
    result.notes.push_back(
        "outputs start at zero (--fill zero, LeetGPU's way): a solution that reads or adds into its output before "
        "writing it passes here, and would fail with the default marker fill");
  Result<exec::Runner> runner = std::move(first_runner);
  result.device = runner->device();
  // Every stop of a runner is a use of the GPU too (its context ends).
  auto stop_runner = [&] {
    GpuGate::Use use = GpuGate::share(opt.gpu_gate);
    runner->stop();
  };
  {
    GpuGate::Use use = GpuGate::share(opt.gpu_gate);  // loading uploads the solution's kernels
    if (auto s = runner->load(artifact.string()); !s) {
      runner->stop();
      return ended(result, Verdict::JE, s.error().message);
    }
  }
  if (opt.on_sandbox_gap && !runner->sandbox().complete()) opt.on_sandbox_gap(runner->sandbox().missing_line());

  // Speed-of-light needs the device's peak bandwidth: measured once per device, then cached.
  std::optional<bench::DevicePeak> peak;
  const bool timing_wanted = std::any_of(
      selected.begin(), selected.end(), [](const spec::TestCase* t) { return t->kind == spec::CaseKind::performance; });
  if (timing_wanted) {
    const std::filesystem::path peaks = compile::cache_dir() / "device-peaks.json";
    peak = bench::cached_device_peak(runner->device(), peaks);
    if (!peak) {  // measured once per device: a measurement, so it has the GPU alone
      GpuGate::Use use = GpuGate::alone(opt.gpu_gate);
      auto p = bench::device_peak(*runner, peaks);
      if (p) peak = *p;  // without it the run goes on, with no speed-of-light
    }
  }
  PrepareOptions prep;
  std::optional<DataStore> data_cache;
  if (opt.use_data_cache) {
    auto store = DataStore::from_environment();
    if (!store) {
      runner->stop();
      return ended(result, Verdict::JE,
                   store.error().message + " (set it to a size such as 8G, or 0 for no data cache)");
    }
    data_cache = std::move(*store);
    prep.cache = &*data_cache;
  }
  prep.on_step = opt.on_step;
  prep.max_alternate_bytes =
      std::min<std::size_t>(std::size_t{4} << 30, result.device.value("memory_bytes", std::size_t{0}) / 6);

  // The performance case's data (and its runner, on a timing build) get ready meanwhile.
  PerfPrefetch prefetch;
  for (const spec::TestCase* t : selected)
    if (t->kind == spec::CaseKind::performance)
      prefetch =
          PerfPrefetch(c, *t, binding, prep, opt.sanitize.empty() ? timing_build : nullptr, limits, opt.gpu_gate);

  // 4. Tests in order; a dead runner is replaced when more tests are to run.
  std::string loaded = artifact.string();
  ProfileCandidate to_profile;  // --profile: the accepted performance case, profiled after the loop
  for (std::size_t i = 0; i < selected.size(); ++i) {
    const spec::TestCase& tc = *selected[i];
    if (opt.on_test) opt.on_test(tc.name, i, selected.size());
    // The performance case runs on the timing build when there is one (judging/timing_build.hpp).
    std::string wanted = artifact.string();
    std::string timed_engine = result.compile.engine, timing_note;
    if (tc.kind == spec::CaseKind::performance && timing_build) {
      const compile::CompileOutcome& nv = timing_build->outcome.get();
      if (nv.status == compile::CompileOutcome::Status::ok) {
        wanted = nv.artifact.string();
        timed_engine = "nvcc";
      } else {
        timing_note =
            "the nvcc build for timing failed, so the NVRTC build was timed: " + nv.log.substr(0, nv.log.find('\n'));
      }
    }
    if (!runner->alive() || loaded != wanted) {
      // A fresh runner: the sandbox lets a runner read the one artifact it loaded first.
      const bool restart = !runner->alive();
      if (!restart) stop_runner();
      std::optional<Result<exec::Runner>> prestarted;
      if (tc.kind == spec::CaseKind::performance && wanted != artifact.string())
        prestarted = prefetch.take_timing_runner();
      if (prestarted && *prestarted) {
        runner = std::move(*prestarted);
      } else {
        GpuGate::Use use = GpuGate::share(opt.gpu_gate);
        runner = start_and_load(limits, wanted);
      }
      if (!runner)
        return ended(
            result, Verdict::JE,
            (restart ? "cannot restart the GPU runner: " : "cannot start the GPU runner for the timed build: ") +
                runner.error().message);
      loaded = wanted;
    }
    const auto data_start = Clock::now();
    std::optional<Result<CaseData>> prefetched;
    if (tc.kind == spec::CaseKind::performance) prefetched = prefetch.take_data();
    auto data = prefetched ? std::move(*prefetched) : prepare_case(c, tc, binding, prep);
    const double data_ms = ms_since(data_start);
    split.data_ms += data_ms;
    const auto run_start = Clock::now();
    double check_ms = 0;
    TestResult tr;
    if (!data) {
      tr.name = tc.name;
      tr.kind = tc.kind;
      tr.seed = tc.seed;
      tr.verdict = Verdict::JE;
      tr.summary = data.error().message;
    } else {
      int limit_ms = tc.time_limit_ms ? tc.time_limit_ms : c.time_limit_ms;
      if (!opt.sanitize.empty()) limit_ms = std::max(limit_ms * kSanitizerSlowdown, kSanitizerMinSolveMs);
      data->request.min_timed_ms = opt.min_timed_ms;
      data->request.sanitize = opt.sanitize;
      if (opt.zero_fill) zero_outputs(*data);
      if (opt.on_step) opt.on_step(tc.kind == spec::CaseKind::performance ? "checking, then timing" : "checking");
      // The performance case (its checked call, then the timing) has the GPU alone; the other
      // tests share it. Held through any re-run of the test.
      GpuGate::Use use =
          tc.kind == spec::CaseKind::performance ? GpuGate::alone(opt.gpu_gate) : GpuGate::share(opt.gpu_gate);
      exec::TestOutcome outcome = runner->run(data->request, data->shm, limit_ms);
      // One runner per test under a sanitizer: the tool's report is complete when it exits.
      std::string sanitizer_tail;
      if (!opt.sanitize.empty()) sanitizer_tail = runner->stop_and_collect(kSanitizerSetupMs);
      DiagnoseContext ctx{&c, &tc, limit_ms, limits.output_cap_bytes};
      if (peak) {
        ctx.peak_copy_gbs = peak->copy_gbs;
        ctx.peak_fp32_gflops = peak->fp32_gflops;
      }
      ctx.zero_filled = opt.zero_fill;
      ctx.strict = opt.strict;
      const auto check_start = Clock::now();
      tr = diagnose(ctx, *data, outcome);
      check_ms = ms_since(check_start);
      if (!opt.sanitize.empty())
        apply_sanitizer_report(tr, opt.sanitize, parse_sanitizer_output(outcome.output + sanitizer_tail),
                               outcome.report.is_object() ? outcome.report.value("buffers", nlohmann::json::array())
                                                          : nlohmann::json::array());
      // Under a sanitizer the runner is gone by now (one per test): no re-run with zeroed outputs.
      if (!opt.zero_fill && failed_on_output_values(tr) && runner->alive())
        rerun_failed_test(tr, *runner, *data, ctx, limit_ms);
      use.release();
      if (tr.timing) {
        tr.timing->engine = timed_engine;
        tr.timing->engine_note = timing_note;
        tr.timing->case_key = baseline::case_key(c, tc);  // what the baselines it ranks against must time
      }
      if (tr.verdict == Verdict::AC && tr.timing)
        rank_against_baselines(*tr.timing, c.slug, result.device, tr.timing->engine, opt);
      if (opt.profile && tc.kind == spec::CaseKind::performance && tr.verdict == Verdict::AC)
        to_profile = {&tc, loaded, limit_ms, std::move(*data)};
    }
    double run_ms = ms_since(run_start);
    tr.time_split.data_ms = data_ms;
    tr.time_split.check_ms = check_ms;
    tr.time_split.total_ms = data_ms + run_ms;
    if (tr.timing) {  // the measurement's part of this test's time
      split.validation_ms += tr.timing->validation_ms;
      split.sampling_ms += tr.timing->timing_ms - tr.timing->validation_ms;
      run_ms -= tr.timing->timing_ms;
    }
    split.functional_ms += std::max(0.0, run_ms);
    result.verdict = worst(result.verdict, tr.verdict);
    result.tests.push_back(std::move(tr));
    if (result.tests.back().verdict != Verdict::AC && !opt.keep_going) break;
  }
  // A first failure that says little cites a later test that shows more (judging/clearer_test.hpp).
  split.functional_ms += explain_with_clearer_test(
      result, {&c, &suite, &binding, prep,
               opt.sanitize.empty() && runner->alive() && loaded == artifact.string() ? &*runner : nullptr,
               limits.output_cap_bytes, opt.keep_going, opt.zero_fill, opt.strict, opt.gpu_gate});
  stop_runner();
  if (opt.profile) {
    if (opt.on_step && to_profile.data) opt.on_step("profiling one solve call under Nsight Compute");
    const auto profile_start = Clock::now();
    result.profile = profile_performance_case(suite, result.tests, limits, to_profile);
    split.profile_ms = ms_since(profile_start);
  }
  split.total_ms = split.compile_ms + ms_since(began);
  return result;
}

}  // namespace judge::judging
