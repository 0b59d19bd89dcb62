#include "bench/timing.hpp"

#include <chrono>

#include "bench/stats.hpp"
#include "exec/cuda_check.hpp"

namespace judge::bench {
namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

// Restores every inout buffer to its input values, and evicts L2 by writing twice its size.
class Preparer {
 public:
  Status init(const exec::TestRequest& r, const std::vector<exec::GuardedBuffer>& bufs, const util::SharedMemory& shm) {
    // A pristine device copy of each inout buffer: restoring from it is a device-to-device copy,
    // not a slow upload from pageable host memory before every sample.
    for (std::size_t i = 0; i < r.buffers.size(); ++i) {
      if (r.buffers[i].role != spec::Role::inout) continue;
      void* pristine = nullptr;
      JUDGE_CUDA_TRY(cudaMalloc(&pristine, bufs[i].bytes()));
      inouts_.push_back({&bufs[i], pristine});
      JUDGE_CUDA_TRY(cudaMemcpy(pristine, shm.data() + r.buffers[i].initial_offset, bufs[i].bytes(), cudaMemcpyHostToDevice));
    }
    int dev = 0, l2 = 0;
    JUDGE_CUDA_TRY(cudaGetDevice(&dev));
    JUDGE_CUDA_TRY(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev));
    flush_bytes_ = std::max<std::size_t>(2 * static_cast<std::size_t>(l2), 1 << 20);
    JUDGE_CUDA_TRY(cudaMalloc(&flush_, flush_bytes_));
    return Ok{};
  }
  ~Preparer() {
    if (flush_) cudaFree(flush_);
    for (const auto& [buf, pristine] : inouts_) cudaFree(pristine);
  }
  Status prepare(int round) {
    for (const auto& [buf, pristine] : inouts_)
      JUDGE_CUDA_TRY(cudaMemcpyAsync(buf->data(), pristine, buf->bytes(), cudaMemcpyDeviceToDevice, nullptr));
    JUDGE_CUDA_TRY(cudaMemsetAsync(flush_, round & 0xff, flush_bytes_, nullptr));
    JUDGE_CUDA_TRY(cudaDeviceSynchronize());
    return Ok{};
  }

 private:
  std::vector<std::pair<const exec::GuardedBuffer*, void*>> inouts_;  // (buffer, pristine copy)
  void* flush_ = nullptr;
  std::size_t flush_bytes_ = 0;
};

// Waits for the device; the first error raised by the call, if any.
cudaError_t finish() {
  const cudaError_t sync = cudaDeviceSynchronize();
  const cudaError_t last = cudaGetLastError();
  return sync != cudaSuccess ? sync : last;
}

struct Events {
  cudaEvent_t start = nullptr, stop = nullptr;
  ~Events() {
    if (start) cudaEventDestroy(start);
    if (stop) cudaEventDestroy(stop);
  }
};

}  // namespace

TimingResult time_solve(const std::function<void()>& invoke, const exec::TestRequest& request,
                        const std::vector<exec::GuardedBuffer>& buffers, const util::SharedMemory& shm,
                        const TimingPolicy& policy) {
  TimingResult r;
  Preparer prep;
  Events ev;
  auto judge_fail = [&](const Error& e) { r.judge_error = e.message; return r; };
  if (auto s = prep.init(request, buffers, shm); !s) return judge_fail(s.error());
  if (cudaEventCreate(&ev.start) != cudaSuccess || cudaEventCreate(&ev.stop) != cudaSuccess)
    return judge_fail(make_error("cannot create CUDA events"));
  const auto warm_start = Clock::now();
  int round = 0;
  while (r.warmup_calls < policy.min_warmup_calls || ms_since(warm_start) < policy.min_warmup_ms) {
    if (auto s = prep.prepare(round++); !s) return judge_fail(s.error());
    invoke();
    if ((r.cuda_error = finish()) != cudaSuccess) return r;
    ++r.warmup_calls;
  }
  const auto start = Clock::now();
  double timed_ms = 0;
  for (;;) {
    if (auto s = prep.prepare(round++); !s) return judge_fail(s.error());
    const auto t0 = Clock::now();
    cudaEventRecord(ev.start, nullptr);
    invoke();
    cudaEventRecord(ev.stop, nullptr);
    r.cuda_error = finish();
    const double wall = ms_since(t0);
    if (r.cuda_error != cudaSuccess) return r;
    float ms = 0;
    if (cudaEventSynchronize(ev.stop) != cudaSuccess || cudaEventElapsedTime(&ms, ev.start, ev.stop) != cudaSuccess)
      return judge_fail(make_error("cannot read CUDA event times"));
    r.event_ms.push_back(ms);
    r.wall_ms.push_back(wall);
    timed_ms += ms;
    if (r.event_ms.size() >= policy.min_samples && timed_ms >= policy.min_total_ms) { r.stop_reason = "enough samples"; break; }
    if (r.event_ms.size() >= policy.max_samples) { r.stop_reason = "sample cap"; break; }
    if (ms_since(start) >= policy.max_total_ms) { r.stop_reason = "time cap"; break; }
  }
  return r;
}

nlohmann::json to_json(const TimingResult& r) {
  return {{"event_ms", r.event_ms}, {"wall_ms", r.wall_ms}, {"warmup_calls", r.warmup_calls}, {"stop_reason", r.stop_reason}};
}

}  // namespace judge::bench
