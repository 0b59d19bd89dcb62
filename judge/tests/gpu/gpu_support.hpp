// Shared by the GPU tests: whether a device is usable, asked of a runner once per process.
#pragma once

#include <string>

#include "exec/runner.hpp"

namespace judge::testing {

// Empty when a GPU runner starts; otherwise the runner's reason (e.g. "no CUDA device"), which
// the tests print when they skip.
inline const std::string& no_device_reason() {
  static const std::string reason = [] {
    exec::RunnerLimits limits;
    limits.executable = JUDGE_BINARY;
    auto r = exec::Runner::start(limits);
    if (!r) return r.error().message;
    r->stop();
    return std::string();
  }();
  return reason;
}

}  // namespace judge::testing
