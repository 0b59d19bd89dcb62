// How one submission is judged: which tests, how it is compiled and timed, what is reported on
// the way. Its own header so that the steps of a run (compile_submission, the timing build, the
// test loop) can take it without including each other.
#pragma once

#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "judging/gpu_gate.hpp"
#include "spec/testcase.hpp"

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

}  // namespace judge::judging
