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
#include <optional>
#include <string>
#include <vector>

#include "bench/stop_rule.hpp"
#include "exec/guarded_buffer.hpp"
#include "exec/nvml.hpp"
#include "exec/protocol.hpp"
#include "exec/test_layout.hpp"
#include "util/shared_memory.hpp"

namespace judge::exec {

// What the runner measured (exec/protocol.hpp, the shape the judge receives), and how the
// measurement itself ended: a CUDA error or a failure of the judge's own.
struct TimingResult : TimingSamples {
  cudaError_t cuda_error = cudaSuccess;
  std::string judge_error;
};

// `invoke` calls solve and returns without waiting for the device.
TimingResult time_solve(const std::function<void()>& invoke, const TestRequest& request,
                        const std::vector<GuardedBuffer>& buffers, const util::SharedMemory& shm,
                        const std::string& pci_bus_id, const bench::TimingPolicy& policy = {});

}  // namespace judge::exec
