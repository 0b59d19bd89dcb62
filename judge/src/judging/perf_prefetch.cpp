#include "judging/perf_prefetch.hpp"

namespace judge::judging {

PerfPrefetch::PerfPrefetch(const spec::Challenge& c, const spec::TestCase& perf, const compile::Binding& binding,
                           PrepareOptions prep, const TimingBuild* timing_build, const exec::RunnerLimits& limits,
                           GpuGate* gate)
    : gate_(gate) {
  prep.on_step = nullptr;
  data_ = std::async(std::launch::async, [&c, &perf, &binding, prep] { return prepare_case(c, perf, binding, prep); });
  if (!timing_build) return;
  // Spawned here, in the calling thread, which outlives it (a runner dies with the thread that
  // started it); only the waiting happens in the background.
  // Its CUDA context is created from the spawn on: a shared use of the GPU from here.
  GpuGate::Use starting = GpuGate::share(gate);
  auto spawned = exec::Runner::spawn(limits);
  if (!spawned) return;  // the caller starts one itself when the case comes
  const std::shared_future<compile::CompileOutcome> build = timing_build->outcome;
  runner_ = std::async(
      std::launch::async,
      [build, gate, starting = std::move(starting), runner = std::move(*spawned)]() mutable -> Result<exec::Runner> {
        auto stop = [&] {
          GpuGate::Use use = GpuGate::share(gate);
          runner.stop();
        };
        const judge::Status ready = runner.wait_ready();
        starting.release();
        if (!ready) return ready.error();
        const compile::CompileOutcome& nv = build.get();  // not holding the GPU meanwhile
        if (nv.status != compile::CompileOutcome::Status::ok) {
          stop();
          return make_error("the nvcc timing build failed");
        }
        GpuGate::Use loading = GpuGate::share(gate);
        if (auto s = runner.load(nv.artifact.string()); !s) return s.error();
        return std::move(runner);
      });
}

PerfPrefetch::~PerfPrefetch() {
  // A runner that was never taken (the run stopped early) is stopped here.
  if (runner_.valid()) {
    if (auto r = runner_.get(); r) {
      GpuGate::Use use = GpuGate::share(gate_);
      r->stop();
    }
  }
}

std::optional<Result<CaseData>> PerfPrefetch::take_data() {
  if (!data_.valid()) return std::nullopt;
  return data_.get();
}

std::optional<Result<exec::Runner>> PerfPrefetch::take_timing_runner() {
  if (!runner_.valid()) return std::nullopt;
  return runner_.get();
}

}  // namespace judge::judging
