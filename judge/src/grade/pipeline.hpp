// Grading a batch: bind and compile on a pool of CPU threads, then judge on `gpu_jobs` worker
// threads per GPU, each starting a fresh runner pinned to its GPU for every submission. The
// workers of one GPU share it through a gate (judging/gpu_gate.hpp): their example and
// functional tests run side by side, a performance case has the GPU alone. A submission that ran
// out of time or device memory, or ended in a judge error, while it shared the GPU is judged
// again with the GPU to itself, so sharing never changes a verdict. Whatever one submission does (hang, crash, compile
// bomb) ends in its own row.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <vector>

#include "grade/discover.hpp"
#include "grade/gpus.hpp"
#include "judging/result.hpp"
#include "judging/submission.hpp"
#include "spec/catalog.hpp"

namespace judge::grade {

struct Graded {
  Submission submission;
  judging::RunResult result;
  std::string compile_note;          // why the auto engine fell back to nvcc; empty otherwise
  std::string judge_note;            // why it was judged a second time (--gpu-jobs); empty otherwise
  bool compiled_only = false;        // --compile-only and it compiled: the verdict reads "compiled"
  std::optional<int> gpu;            // position in the GPU list it was judged on
  double judge_seconds = 0;          // runner start to last test
  std::optional<double> median_ms;   // of the performance case, when it ran and passed
  std::optional<double> percentile;  // among the baselines it was ranked against

  std::string verdict() const;  // "AC", ..., or "compiled"
  bool passed() const { return compiled_only || result.verdict == judging::Verdict::AC; }
};

struct PipelineOptions {
  // Kinds, engine, include folders, cache, baseline stores, runner, compile timeout and data root
  // (every compile runs in a child process under run.compile_timeout_ms).
  judging::RunOptions run;
  bool compile_only = false;
  std::string arch;  // with compile_only: the target; else each GPU's own arch is used
  unsigned jobs = 1;
  unsigned gpu_jobs = 1;  // submissions judged at once on each GPU
  // Called once per finished submission, from the thread that finished it, never concurrently.
  std::function<void(const Graded& graded, std::size_t done, std::size_t total)> on_done;
};

// How many submissions are judged at once on `gpu`: --gpu-jobs, or 1 for a GPU that cannot be
// shared (exclusive-process compute mode).
unsigned workers_for(const Gpu& gpu, const PipelineOptions& options);

// `gpus` is empty exactly when compile_only. Results come back in the order of `subs`.
std::vector<Graded> run_pipeline(const spec::Catalog& catalog, const std::vector<Submission>& subs,
                                 const std::vector<Gpu>& gpus, const PipelineOptions& options);

}  // namespace judge::grade
