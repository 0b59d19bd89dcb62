#include "judging/submission.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "baseline/pool.hpp"
#include "bench/device_peak.hpp"
#include "compile/binding.hpp"
#include "compile/compiler.hpp"
#include "compile/prototype.hpp"
#include "compile/source_hash.hpp"
#include "exec/runner.hpp"
#include "judging/case_data.hpp"
#include "judging/diagnose.hpp"
#include "judging/isolated_compile.hpp"

namespace judge::judging {
namespace {

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
  baseline::Placement p = baseline::place(timing.events.median_ms, timing.events.noise, q);
  timing.ranking = std::move(p.ranking);
  timing.ranking_note = std::move(p.note);
}

Result<exec::Runner> start_and_load(const exec::RunnerLimits& limits, const std::string& artifact) {
  auto runner = exec::Runner::start(limits);
  if (!runner) return runner.error();
  if (auto s = runner->load(artifact); !s) return s.error();
  return runner;
}

std::vector<const spec::TestCase*> selected_cases(const spec::TestSuite& suite, const RunOptions& opt) {
  std::vector<const spec::TestCase*> selected;
  for (const spec::TestCase& tc : suite.cases) {
    if (opt.kinds.count(tc.kind)) selected.push_back(&tc);
  }
  return selected;
}

}  // namespace

exec::RunnerLimits runner_limits(const RunOptions& opt) {
  exec::RunnerLimits limits;
  limits.executable = opt.runner_executable;
  limits.visible_devices = opt.visible_devices;
  return limits;
}

BoundSource bind_source(const spec::Challenge& c, const spec::TestSuite& suite, const std::filesystem::path& source,
                        const std::string& display, const RunOptions& opt) {
  RunResult result;
  result.challenge = c.slug;
  result.title = c.title;
  result.source = display;
  result.tests_selected = selected_cases(suite, opt).size();
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
  // 1. Signature.
  BoundSource bound = bind_source(c, suite, source, display, opt);
  if (!bound.binding) return std::move(bound.result);
  RunResult result = std::move(bound.result);
  const compile::Binding& binding = *bound.binding;

  // 2. The runner tells us which GPU we compile for.
  auto runner = exec::Runner::start(runner_limits(opt));
  if (!runner) return ended(result, Verdict::JE, runner.error().message);
  result.device = runner->device();

  // 3. Compile for exactly that architecture.
  compile::CompileRequest req{source, display, opt.include_dirs, runner->arch(), opt.engine, binding};
  req.use_cache = opt.use_cache;
  const compile::CompileOutcome built = compile_submission(req, opt, c.slug, "", display);
  result.compile = {built.engine, req.arch, built.cached, built.compile_ms, built.log, built.note};
  if (built.status == compile::CompileOutcome::Status::compile_error) return ended(result, Verdict::CE, built.log);
  if (built.status == compile::CompileOutcome::Status::tool_error) return ended(result, Verdict::JE, built.log);
  return judge_artifact(std::move(result), c, suite, binding, built.artifact, *runner, opt);
}

RunResult judge_artifact(RunResult result, const spec::Challenge& c, const spec::TestSuite& suite,
                         const compile::Binding& binding, const std::filesystem::path& artifact,
                         exec::Runner& first_runner, const RunOptions& opt) {
  const std::vector<const spec::TestCase*> selected = selected_cases(suite, opt);
  const exec::RunnerLimits limits = runner_limits(opt);
  Result<exec::Runner> runner = std::move(first_runner);
  result.device = runner->device();
  if (auto s = runner->load(artifact.string()); !s) {
    runner->stop();
    return ended(result, Verdict::JE, s.error().message);
  }

  // Speed-of-light needs the device's peak bandwidth: measured once per device, then cached.
  std::optional<bench::DevicePeak> peak;
  const bool timing_wanted = std::any_of(
      selected.begin(), selected.end(), [](const spec::TestCase* t) { return t->kind == spec::CaseKind::performance; });
  if (timing_wanted) {
    auto p = bench::device_peak(*runner, compile::cache_dir() / "device-peaks.json");
    if (p) peak = *p;  // without it the run goes on, with no speed-of-light
  }
  PrepareOptions prep;
  prep.max_alternate_bytes =
      std::min<std::size_t>(std::size_t{4} << 30, result.device.value("memory_bytes", std::size_t{0}) / 6);

  // 4. Tests in order; a dead runner is replaced when more tests are to run.
  for (std::size_t i = 0; i < selected.size(); ++i) {
    const spec::TestCase& tc = *selected[i];
    if (opt.on_test) opt.on_test(tc.name, i, selected.size());
    if (!runner->alive()) {
      runner = start_and_load(limits, artifact.string());
      if (!runner) return ended(result, Verdict::JE, "cannot restart the GPU runner: " + runner.error().message);
    }
    auto data = prepare_case(c, tc, binding, prep);
    TestResult tr;
    if (!data) {
      tr.name = tc.name;
      tr.kind = tc.kind;
      tr.seed = tc.seed;
      tr.verdict = Verdict::JE;
      tr.summary = data.error().message;
    } else {
      const int limit_ms = tc.time_limit_ms ? tc.time_limit_ms : c.time_limit_ms;
      data->request.min_timed_ms = opt.min_timed_ms;
      const exec::TestOutcome outcome = runner->run(data->request, data->shm, limit_ms);
      DiagnoseContext ctx{&c, &tc, limit_ms, limits.output_cap_bytes};
      if (peak) {
        ctx.peak_copy_gbs = peak->copy_gbs;
        ctx.peak_fp32_gflops = peak->fp32_gflops;
      }
      tr = diagnose(ctx, *data, outcome);
      if (tr.verdict == Verdict::AC && tr.timing)
        rank_against_baselines(*tr.timing, c.slug, result.device, result.compile.engine, opt);
    }
    result.verdict = worst(result.verdict, tr.verdict);
    result.tests.push_back(std::move(tr));
    if (result.tests.back().verdict != Verdict::AC && !opt.keep_going) break;
  }
  runner->stop();
  return result;
}

}  // namespace judge::judging
