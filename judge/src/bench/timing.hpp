// Timing the performance case inside the runner (issue-2 protocol: warm-up, then CUDA events
// on the legacy default stream around the whole solve call; L2 flushed and inout buffers
// restored before every call, outside the timed region).
#pragma once

#include <cuda_runtime_api.h>

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "exec/guarded_buffer.hpp"
#include "exec/test_layout.hpp"
#include "util/shared_memory.hpp"

namespace judge::bench {

struct TimingPolicy {
  int min_warmup_calls = 3;
  double min_warmup_ms = 100;
  std::size_t min_samples = 20;
  double min_total_ms = 500;
  std::size_t max_samples = 2000;
  double max_total_ms = 10000;  // hard cap on the time spent in timed calls and their set-up
};

struct TimingResult {
  std::vector<double> event_ms;  // CUDA events around solve, one per sample
  std::vector<double> wall_ms;   // host time from the call until the device is idle
  int warmup_calls = 0;
  std::string stop_reason;       // "enough samples", "time cap", "sample cap"
  cudaError_t cuda_error = cudaSuccess;
  std::string judge_error;
};

// `invoke` calls solve and returns without waiting for the device.
TimingResult time_solve(const std::function<void()>& invoke, const exec::TestRequest& request,
                        const std::vector<exec::GuardedBuffer>& buffers, const util::SharedMemory& shm,
                        const TimingPolicy& policy = {});

nlohmann::json to_json(const TimingResult& r);

}  // namespace judge::bench
