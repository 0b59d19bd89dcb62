// Judging one submission: bind its signature, start the runner, compile for the runner's GPU,
// then run the selected tests in order and collect a verdict for each.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "compile/binding.hpp"
#include "compile/compiler.hpp"
#include "exec/runner.hpp"
#include "judging/gpu_gate.hpp"
#include "judging/result.hpp"
#include "spec/catalog.hpp"

namespace judge::judging {

struct RunOptions {
  std::set<spec::CaseKind> kinds = {spec::CaseKind::example, spec::CaseKind::functional, spec::CaseKind::performance};
  bool keep_going = false;
  std::string engine = "auto";  // auto, nvrtc or nvcc
  std::vector<std::filesystem::path> include_dirs;
  bool use_cache = true;
  double min_timed_ms = 0;        // --min-time: event time of the timed calls, at least (0: none)
  std::string runner_executable;  // empty: this process (the judge binary) re-executed
  // > 0: compile in a child process (`judge compile`, judging/isolated_compile.hpp) stopped after
  // this long, with `data_root` as its --root; 0: compile in this process, without a time limit.
  int compile_timeout_ms = 0;
  std::filesystem::path data_root;
  // Baseline stores the performance result is ranked against (shipped first, then the user's).
  std::vector<std::filesystem::path> baseline_stores;
  // Called before each test (for progress on stderr); measuring itself never prints.
  std::function<void(const std::string& test, std::size_t index, std::size_t total)> on_test;
  // Outputs start as zeros instead of the poison marker (LeetGPU's way; hides reads of outputs
  // before they are written). Without it, a test that fails on its output values is run once more
  // with zeroed outputs to tell that bug apart (judging/diagnose.hpp).
  bool zero_fill = false;
  // Warnings reject: a survivable CUDA error with right outputs is RTE instead of AC.
  bool strict = false;
  // "nvcc": an NVRTC-built solution's performance case runs on an nvcc build of the same file
  // (judging/timing_build.hpp); "same": on the build that was judged.
  std::string time_with = "nvcc";
  // Called with each step of a test ("generating inputs", "checking", "timing"), for progress.
  std::function<void(std::string_view step)> on_step;
  // The test-data cache (judging/data_store.hpp; $JUDGE_DATA_CACHE_MAX=0 turns it off).
  bool use_data_cache = true;
  // CUDA_VISIBLE_DEVICES for the runner (`judge grade` pins one runner per GPU); empty: inherited.
  std::string visible_devices;
  // --sanitize: the compute-sanitizer tool (judging/sanitize.hpp) and the tool's path; empty: none.
  std::string sanitize;
  std::filesystem::path sanitizer;
  // --profile: an accepted performance case runs once more under Nsight Compute, after timing
  // (judging/profile_run.hpp); RunResult::profile says what it found, or why it could not.
  bool profile = false;
  // --require-sandbox: a protection missing on this machine (docs/security.md) is a judge error.
  bool require_sandbox = false;
  // Called once the solution is loaded when the runner's sandbox lacks a protection, with one
  // line saying which (for stderr); measuring itself never prints.
  std::function<void(const std::string& line)> on_sandbox_gap;
  // `judge grade --gpu-jobs N`: the GPU is shared with other submissions' runs, and every use of
  // it goes through this gate (judging/gpu_gate.hpp): tests share it, timing has it alone. Null:
  // the GPU is this run's own.
  GpuGate* gpu_gate = nullptr;
};

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
// `timing_build`: the nvcc build the performance case runs on (judging/timing_build.hpp), or null.
struct TimingBuild;
RunResult judge_artifact(RunResult result, const spec::Challenge& challenge, const spec::TestSuite& suite,
                         const compile::Binding& binding, const std::filesystem::path& artifact, exec::Runner& runner,
                         const RunOptions& options, const TimingBuild* timing_build = nullptr);

}  // namespace judge::judging
