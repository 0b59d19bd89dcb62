// The timing protocol for the performance case, run inside the runner.
//
// Before every call, outside the timed region: inputs are restored (alternating between two
// input sets when the judge provided them, by copying into the same buffers, so caching results
// by pointer does not pay), outputs are re-poisoned, persisting L2 is reset and L2 is flushed by
// reading twice its size (bench/l2_flush.hpp says why not writing). The call is timed with CUDA events on the legacy
// default stream, and with the host clock until the device is idle. Warm-up: >= 3 calls and >= 100 ms. Sampling stops
// when there are >= 10 samples, >= 0.5 s of timed calls and the median's relative noise is <= 0.5%, or at a sample or
// time cap. Outputs of timed calls 1, 2, 4, 8, ... and the last are validated against the expected values of their
// input set.
#pragma once

#include <cuda_runtime_api.h>

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "exec/guarded_buffer.hpp"
#include "exec/nvml.hpp"
#include "exec/test_layout.hpp"
#include "util/shared_memory.hpp"

namespace judge::bench {

struct TimingPolicy {
  int min_warmup_calls = 3;
  double min_warmup_ms = 100;
  std::size_t min_samples = 10;
  double min_timed_ms = 500;    // accumulated time inside the events
  double target_noise = 0.005;  // relative noise of the median
  std::size_t max_samples = 50000;
  double max_total_ms = 15000;  // hard cap on the whole sampling loop, set-up included
};

struct TimingResult {
  std::vector<double> event_ms;  // CUDA events around solve, one per sample
  std::vector<double> wall_ms;   // host time from the call until the device is idle
  double overhead_ms = 0;        // median wall - event of an empty call (launch + sync latency)
  int warmup_calls = 0;
  std::string stop_reason;   // "noise target met", "time cap", "sample cap"
  std::string flush_method;  // how L2 was emptied before each call
  std::optional<exec::ClockReading> clocks_before, clocks_after;
  nlohmann::json validation_failure;  // null, or {sample, input_set, buffer, index, got, want}
  std::size_t validated_samples = 0;
  cudaError_t cuda_error = cudaSuccess;
  std::string judge_error;
};

// `invoke` calls solve and returns without waiting for the device.
TimingResult time_solve(const std::function<void()>& invoke, const exec::TestRequest& request,
                        const std::vector<exec::GuardedBuffer>& buffers, const util::SharedMemory& shm,
                        const std::string& pci_bus_id, const TimingPolicy& policy = {});

nlohmann::json to_json(const TimingResult& r);

}  // namespace judge::bench
