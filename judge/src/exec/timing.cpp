#include "exec/timing.hpp"

#include <chrono>
#include <cstring>
#include <utility>

#include "bench/stats.hpp"
#include "bench/stop_rule.hpp"
#include "check/compare.hpp"
#include "exec/cuda_check.hpp"
#include "exec/device_check.hpp"
#include "exec/l2_flush.hpp"

namespace judge::exec {
namespace {

using Clock = std::chrono::steady_clock;
double elapsed_ms(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// Move-only: a copy would free the same device memory twice (or, in a growing vector, early).
struct DeviceCopy {
  DeviceCopy() = default;
  DeviceCopy(DeviceCopy&& o) noexcept : ptr(std::exchange(o.ptr, nullptr)) {}
  DeviceCopy(const DeviceCopy&) = delete;
  DeviceCopy& operator=(const DeviceCopy&) = delete;
  DeviceCopy& operator=(DeviceCopy&&) = delete;
  ~DeviceCopy() {
    if (ptr) cudaFree(ptr);
  }
  void* ptr = nullptr;
};

// Everything done between timed calls: restore inputs, poison outputs, flush L2.
class Preparer {
 public:
  Status init(const TestRequest& r, const std::vector<GuardedBuffer>& bufs, const util::SharedMemory& shm) {
    sets_ = r.alternate_inputs ? 2 : 1;
    for (std::size_t i = 0; i < r.buffers.size(); ++i) {
      const BufferSlot& b = r.buffers[i];
      std::vector<unsigned char> poison;
      if (b.role == spec::Role::out) {
        poison.resize(b.bytes);  // zeros under --fill zero
        fill_output_start(r, b, poison.data());
      }
      for (int set = 0; set < sets_; ++set) {
        const unsigned char* src = b.role == spec::Role::out
                                       ? poison.data()
                                       : shm.data() + (set == 0 ? b.initial_offset : b.alt_initial_offset);
        if (b.role == spec::Role::out && set > 0) break;  // one poison copy serves both sets
        copies_.emplace_back();
        JUDGE_CUDA_TRY(cudaMalloc(&copies_.back().ptr, b.bytes));
        JUDGE_CUDA_TRY(cudaMemcpy(copies_.back().ptr, src, b.bytes, cudaMemcpyHostToDevice));
        restores_.push_back({set, &bufs[i], copies_.back().ptr, b.role == spec::Role::out});
      }
    }
    return flusher_.init();
  }

  int set_of(int round) const { return round % sets_; }
  std::string flush_method() const { return flusher_.method(); }

  // Restores inputs and outputs and waits for that, so no stream of the solution can see stale
  // data; then flushes L2. With `queued`, the flush is left running: the timed call is queued
  // behind it (see time_solve); otherwise the device is idle on return.
  Status prepare(int round, bool queued) {
    const int set = set_of(round);
    for (const Restore& r : restores_) {
      if (r.poison || r.set == set)
        JUDGE_CUDA_TRY(
            cudaMemcpyAsync(r.target->data(), r.source, r.target->bytes(), cudaMemcpyDeviceToDevice, nullptr));
    }
    JUDGE_CUDA_TRY(cudaDeviceSynchronize());
    if (auto s = flusher_.flush(round); !s) return s;
    if (!queued) JUDGE_CUDA_TRY(cudaDeviceSynchronize());
    return Ok{};
  }

 private:
  struct Restore {
    int set;
    const GuardedBuffer* target;
    const void* source;
    bool poison;  // an out buffer: re-poisoned before every call, whatever the set
  };
  int sets_ = 1;
  std::vector<DeviceCopy> copies_;
  std::vector<Restore> restores_;
  L2Flusher flusher_;
};

// Compares the outputs of the last call with the expected values of its input set.
Result<std::optional<TimedCallFailure>> validate(const TestRequest& r, const std::vector<GuardedBuffer>& bufs,
                                                 const util::SharedMemory& shm, int set) {
  std::vector<unsigned char> got;
  for (std::size_t i = 0; i < r.buffers.size(); ++i) {
    const BufferSlot& b = r.buffers[i];
    const std::size_t want_at = set == 0 ? b.expected_offset : b.alt_expected_offset;
    if (want_at == kNone) continue;
    got.resize(b.bytes);
    JUDGE_CUDA_TRY(cudaMemcpy(got.data(), bufs[i].data(), b.bytes, cudaMemcpyDeviceToHost));
    std::vector<std::size_t> indices;
    for (std::size_t k = 0; k < b.sample_count; ++k) {
      std::uint64_t v;
      std::memcpy(&v, shm.data() + b.sample_offset + k * sizeof v, sizeof v);
      indices.push_back(static_cast<std::size_t>(v));
    }
    check::CompareOptions opt;
    opt.type = b.type;
    opt.tolerance = r.tolerance;
    opt.dims = {static_cast<std::int64_t>(b.bytes / b.element_bytes)};
    opt.max_reported = 1;
    opt.indices = b.sample_count ? &indices : nullptr;
    const auto c = check::compare_buffer(b.name, got.data(), shm.data() + want_at, b.bytes / b.element_bytes, opt);
    if (!c.ok()) {
      const check::Mismatch& m = c.first.front();
      TimedCallFailure f;
      f.input_set = set;
      f.buffer = b.name;
      f.index = m.index;
      f.got = check::format_value(m.got, b.type);
      f.want = check::format_value(m.want, b.type);
      f.mismatches = c.mismatches;
      f.never_written = m.never_written;
      return std::optional<TimedCallFailure>(f);
    }
  }
  return std::optional<TimedCallFailure>();
}

// Validates the last call: on the host for the first timed call and wherever the device check is
// not available; otherwise on the device, and again on the host when the device saw a mismatch
// (the host's comparison reports it in detail, and decides).
Result<std::optional<TimedCallFailure>> validate_call(const TestRequest& r, const std::vector<GuardedBuffer>& bufs,
                                                      const util::SharedMemory& shm, DeviceChecker& checker,
                                                      std::size_t sample, int set) {
  if (sample > 0 && checker.ready()) {
    auto same = checker.matches(r, bufs, set);
    if (!same) return same.error();
    if (*same) return std::optional<TimedCallFailure>();
  }
  return validate(r, bufs, shm, set);
}

bool should_validate(std::size_t sample) {
  return sample < 2 || (sample & (sample - 1)) == 0;
}

struct Events {
  Events() = default;
  Events(const Events&) = delete;
  Events& operator=(const Events&) = delete;
  cudaEvent_t start = nullptr, stop = nullptr;
  ~Events() {
    if (start) cudaEventDestroy(start);
    if (stop) cudaEventDestroy(stop);
  }
};

// One timed call: events around `invoke` on the legacy stream; then the host time from the stop
// event to an idle device, which is only the synchronisation latency unless solve left work
// running on another stream.
cudaError_t timed_call(const std::function<void()>& invoke, const Events& ev, double& event_ms, double& idle_after_ms) {
  cudaEventRecord(ev.start, nullptr);
  invoke();
  cudaEventRecord(ev.stop, nullptr);
  cudaError_t e = cudaEventSynchronize(ev.stop);
  const auto stopped = Clock::now();
  const cudaError_t idle = wait_for_device();
  idle_after_ms = elapsed_ms(stopped);
  if (e == cudaSuccess) e = idle;
  // An error the context survives (a refused launch) was reported with the checked call, as a
  // warning when the outputs were right; the validated timed calls check the outputs again.
  if (e != cudaSuccess && cudaDeviceSynchronize() == cudaSuccess && cudaGetLastError() == cudaSuccess) e = cudaSuccess;
  float ms = 0;
  if (e == cudaSuccess && cudaEventElapsedTime(&ms, ev.start, ev.stop) != cudaSuccess) return cudaErrorUnknown;
  event_ms = ms;
  return e;
}

// Every kIdleStartEvery-th timed call starts on an idle device instead of behind the flush.
constexpr std::size_t kIdleStartEvery = 4;

}  // namespace

TimingResult time_solve(const std::function<void()>& invoke, const TestRequest& request,
                        const std::vector<GuardedBuffer>& buffers, const util::SharedMemory& shm,
                        const std::string& pci_bus_id, const bench::TimingPolicy& policy) {
  TimingResult r;
  const auto began = Clock::now();
  Preparer prep;
  DeviceChecker checker;
  Events ev;
  auto judge_fail = [&](const Error& e) {
    r.judge_error = e.message;
    return r;
  };
  if (auto s = prep.init(request, buffers, shm); !s) return judge_fail(s.error());
  r.flush_method = prep.flush_method();
  checker.init(request, shm);
  r.validation_method = checker.method();
  if (cudaEventCreate(&ev.start) != cudaSuccess || cudaEventCreate(&ev.stop) != cudaSuccess)
    return judge_fail(make_error("cannot create CUDA events"));

  // The synchronisation latency of an empty call, so that work escaping the events stands out.
  std::vector<double> overhead;
  for (int i = 0; i < 20; ++i) {
    double e = 0, after = 0;
    timed_call([] {}, ev, e, after);
    overhead.push_back(after);
  }
  r.overhead_ms = bench::summarize(overhead).median_ms;

  const auto warm_start = Clock::now();
  int round = 0;
  while (r.warmup_calls < policy.min_warmup_calls || elapsed_ms(warm_start) < policy.min_warmup_ms) {
    if (auto s = prep.prepare(round++, /*queued=*/true); !s) return judge_fail(s.error());
    double event_ms = 0, idle_after_ms = 0;
    if ((r.cuda_error = timed_call(invoke, ev, event_ms, idle_after_ms)) != cudaSuccess) return r;
    r.warmup_ms.push_back(event_ms);
    ++r.warmup_calls;
  }
  r.clocks_before = read_clocks(pci_bus_id);
  const auto start = Clock::now();
  double timed_ms = 0;
  int set = 0;
  // Most calls are queued behind the L2 flush: the host records the start event and calls solve
  // while the flush still runs, so the events start when the flush ends, with solve's first
  // launch already waiting. Started on an idle device instead, they would also count the host's
  // launch latency, which differs by a few microseconds from one process to the next (the
  // repeatability benchmark in docs/timing.md). Every fourth call does start on an idle device:
  // the difference is reported, and when it is large the idle-start calls are the result.
  for (std::size_t sample = 0;; ++sample) {
    set = prep.set_of(round);
    const bool idle_start = sample % kIdleStartEvery == kIdleStartEvery - 1;
    if (auto s = prep.prepare(round++, !idle_start); !s) return judge_fail(s.error());
    double event_ms = 0, idle_after_ms = 0;
    if ((r.cuda_error = timed_call(invoke, ev, event_ms, idle_after_ms)) != cudaSuccess) return r;
    (idle_start ? r.idle_start_ms : r.event_ms).push_back(event_ms);
    r.idle_after_ms.push_back(idle_after_ms);
    if (!idle_start) timed_ms += event_ms;
    if (should_validate(sample)) {
      const auto v_start = Clock::now();
      auto v = validate_call(request, buffers, shm, checker, sample, set);
      r.validation_ms += elapsed_ms(v_start);
      if (!v) return judge_fail(v.error());
      ++r.validated_samples;
      if (*v) {
        (*v)->sample = sample;
        r.validation_failure = *v;
        return r;
      }
    }
    if (idle_start) continue;  // the rules below are about the queued calls
    // Validation is the judge's own work: it does not count against the sampling budget.
    r.stop_reason =
        bench::stop_reason(r.event_ms, {r.event_ms.size(), timed_ms, elapsed_ms(start) - r.validation_ms}, policy);
    if (!r.stop_reason.empty()) break;
  }
  r.sampling_ms = elapsed_ms(start);
  r.clocks_after = read_clocks(pci_bus_id);
  // The last call's outputs are still on the device: validate them too.
  const std::size_t last = r.event_ms.size() + r.idle_start_ms.size() - 1;
  const auto v_start = Clock::now();
  auto v = validate_call(request, buffers, shm, checker, last, set);
  r.validation_ms += elapsed_ms(v_start);
  if (!v) return judge_fail(v.error());
  ++r.validated_samples;
  if (*v) {
    (*v)->sample = last;
    r.validation_failure = *v;
  }
  r.timing_ms = elapsed_ms(began);
  return r;
}

}  // namespace judge::exec
