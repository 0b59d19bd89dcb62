// The timing protocol for the performance case, run inside the runner.
//
// Before every call, outside the timed region: inputs are restored (alternating between two
// input sets when the judge provided them, by copying into the same buffers, so caching results
// by pointer does not pay), outputs are re-poisoned and the device synchronised; then persisting
// L2 is reset and L2 is flushed by reading twice its size (exec/l2_flush.hpp says why not
// writing). The call is timed with CUDA events on the legacy default stream, queued behind the
// still-running flush so the host's launch latency is not in the result; every fourth call starts
// on an idle device instead, for comparison. After each call, the host time from the stop event
// to an idle device shows work left running on other streams. Warm-up and stopping follow
// TimingPolicy (bench/stop_rule.hpp). Outputs of timed calls 1, 2, 4, 8, ... and the last are
// validated against the expected values of their input set.
#pragma once

#include <cuda_runtime_api.h>

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench/stop_rule.hpp"
#include "exec/guarded_buffer.hpp"
#include "exec/nvml.hpp"
#include "exec/test_layout.hpp"
#include "util/shared_memory.hpp"

namespace judge::exec {

struct TimingResult {
  std::vector<double> event_ms;       // CUDA events around solve, calls queued behind the flush
  std::vector<double> idle_start_ms;  // the same, calls started on an idle device (every 4th)
  std::vector<double> idle_after_ms;  // every call: host time from the stop event to an idle device
  std::vector<double> warmup_ms;      // the warm-up calls, timed like the queued calls
  double overhead_ms = 0;             // median idle_after of an empty call (synchronisation latency)
  double sampling_ms = 0;             // wall time of the sampling loop
  double timing_ms = 0;               // wall time of time_solve: set-up, warm-up, sampling, validation
  double validation_ms = 0;           // of which validating timed calls
  int warmup_calls = 0;
  std::string stop_reason;   // stop_rule.hpp: "noise target met", "time budget", "sample cap", "time cap"
  std::string flush_method;  // how L2 was emptied before each call
  std::optional<ClockReading> clocks_before, clocks_after;
  nlohmann::json validation_failure;  // null, or {sample, input_set, buffer, index, got, want}
  std::size_t validated_samples = 0;
  std::string validation_method;  // "device", or "host (why the device check is unavailable)"
  cudaError_t cuda_error = cudaSuccess;
  std::string judge_error;
};

// `invoke` calls solve and returns without waiting for the device.
TimingResult time_solve(const std::function<void()>& invoke, const TestRequest& request,
                        const std::vector<GuardedBuffer>& buffers, const util::SharedMemory& shm,
                        const std::string& pci_bus_id, const bench::TimingPolicy& policy = {});

nlohmann::json to_json(const TimingResult& r);

}  // namespace judge::exec
