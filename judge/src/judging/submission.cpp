#include "judging/submission.hpp"

#include <algorithm>
#include <chrono>

#include "compile/binding.hpp"
#include "compile/compiler.hpp"
#include "compile/prototype.hpp"
#include "exec/runner.hpp"
#include "judging/isolated_compile.hpp"
#include "judging/sanitize.hpp"
#include "judging/test_loop.hpp"
#include "judging/timing_build.hpp"
#include "util/read_file.hpp"

namespace judge::judging {
namespace {

using Clock = std::chrono::steady_clock;

RunResult ended(RunResult r, Verdict v, std::string summary) {
  r.verdict = v;
  r.summary = std::move(summary);
  return r;
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
  auto text = util::read_text_file(source);
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
  if (opt.zero_fill)
    result.notes.push_back(
        "outputs start at zero (--fill zero, LeetGPU's way): a solution that reads or adds into its output before "
        "writing it passes here, and would fail with the default marker fill");
  result.device = first_runner.device();
  // The steps (judging/test_loop.hpp): before the tests, the tests in order, after them.
  TestLoop loop(c, suite, binding, opt, runner_limits(opt), artifact.string(), result.compile.engine, timing_build,
                std::move(first_runner));
  if (Status s = start_tests(loop, selected); !s) return ended(result, Verdict::JE, s.error().message);
  if (Status s = run_tests(loop, selected, result); !s) return ended(result, Verdict::JE, s.error().message);
  finish_tests(loop, result);
  split.total_ms = split.compile_ms + ms_since(began);
  return result;
}

}  // namespace judge::judging
