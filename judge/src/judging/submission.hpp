// Judging one submission: bind its signature, start the runner, compile for the runner's GPU,
// then run the selected tests in order and collect a verdict for each.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "compile/binding.hpp"
#include "compile/compiler.hpp"
#include "exec/runner.hpp"
#include "judging/result.hpp"
#include "judging/run_options.hpp"
#include "spec/catalog.hpp"

namespace judge::judging {

// Compiles as `options` says (compile_timeout_ms). `cwd` and `file`: where the child process runs
// and how it names the source, so its messages name the file as the user knows it.
compile::CompileOutcome compile_submission(const compile::CompileRequest& request, const RunOptions& options,
                                           const std::string& challenge, const std::filesystem::path& cwd,
                                           const std::string& file);

RunResult judge_submission(const spec::Challenge& challenge, const spec::TestSuite& suite,
                           const std::filesystem::path& source, const std::string& display_name,
                           const RunOptions& options);

// The same steps one by one, for `judge grade`, which compiles on CPU threads ahead of time and
// judges later on whichever GPU is free. judge_submission is bind_source, start a runner,
// compile for its arch, judge_artifact.

// Step 1 (GPU-free): reads the source and binds its solve() to the challenge. Without a binding
// the result is final (CE, or JE for an unreadable file).
struct BoundSource {
  RunResult result;  // challenge, title, source and tests_selected filled in
  std::optional<compile::Binding> binding;
};
BoundSource bind_source(const spec::Challenge& challenge, const spec::TestSuite& suite,
                        const std::filesystem::path& source, const std::string& display_name,
                        const RunOptions& options);

exec::RunnerLimits runner_limits(const RunOptions& options);

// Last step: loads an artifact built for the runner's GPU and runs the selected tests; `result`
// carries what the earlier steps filled in. Replaces a runner that dies; stops it at the end.
// Its own steps are judging/test_loop.hpp's (before, during and after the tests) and
// judging/run_steps.hpp's (one test).
// `timing_build`: the nvcc build the performance case runs on (judging/timing_build.hpp), or null.
struct TimingBuild;
RunResult judge_artifact(RunResult result, const spec::Challenge& challenge, const spec::TestSuite& suite,
                         const compile::Binding& binding, const std::filesystem::path& artifact, exec::Runner& runner,
                         const RunOptions& options, const TimingBuild* timing_build = nullptr);

}  // namespace judge::judging
