// The performance case's preparation, overlapped with the tests before it.
//
// The performance case is the last and by far the largest of a suite: loading its inputs and
// expected outputs from the test-data cache (or computing them) takes 0.3-1.2 s, and when it is
// timed on a separate nvcc build (timing_build.hpp) it needs a runner of its own, whose CUDA
// context takes a few hundred milliseconds to create. Both are started in the background when
// the run begins, so they are ready when the example and functional tests are done.
//
// A run that stops early (a failed test) waits for what was started before it returns.
#pragma once

#include <future>
#include <optional>

#include "exec/runner.hpp"
#include "judging/case_data.hpp"
#include "judging/gpu_gate.hpp"
#include "judging/timing_build.hpp"

namespace judge::judging {

class PerfPrefetch {
 public:
  PerfPrefetch() = default;
  // `prep`'s progress callback is not called from the background (it draws on the terminal).
  // With a `gate` (judge grade), the timing runner's start and load are shared uses of the GPU.
  PerfPrefetch(const spec::Challenge& c, const spec::TestCase& perf, const compile::Binding& binding,
               PrepareOptions prep, const TimingBuild* timing_build, const exec::RunnerLimits& limits,
               GpuGate* gate = nullptr);
  PerfPrefetch(PerfPrefetch&&) = default;
  PerfPrefetch& operator=(PerfPrefetch&&) = default;
  ~PerfPrefetch();

  // The performance case's data, when it was prefetched (taken once).
  std::optional<Result<CaseData>> take_data();
  // A runner loaded with the timing build, when one was started (taken once). An error means the
  // caller starts one itself, as without the prefetch.
  std::optional<Result<exec::Runner>> take_timing_runner();

 private:
  std::future<Result<CaseData>> data_;
  std::future<Result<exec::Runner>> runner_;
  GpuGate* gate_ = nullptr;
};

}  // namespace judge::judging
