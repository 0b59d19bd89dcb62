// What the judge relies on in the CUDA context while solve runs: the current device, its
// limits and flags, and its own allocations. Captured before solve and compared after it, so a
// solution that resets the device, switches devices, changes a limit or a flag, or frees the
// judge's buffers gets a run-time error saying so, never a judge error.
#pragma once

#include <cuda_runtime_api.h>

#include <array>
#include <string>
#include <vector>

#include "exec/guarded_buffer.hpp"

namespace judge::exec {

class DeviceWatch {
 public:
  // Also allocates a small buffer of the runner's own that the solution never sees: if it is
  // gone after solve, the whole context was reset.
  DeviceWatch();
  ~DeviceWatch();
  DeviceWatch(const DeviceWatch&) = delete;
  DeviceWatch& operator=(const DeviceWatch&) = delete;

  // Empty when solve left everything as it was; otherwise one sentence on what it did.
  // `names[i]` names `buffers[i]`.
  std::string changes(const std::vector<GuardedBuffer>& buffers, const std::vector<std::string>& names) const;

  static constexpr int kLimitCount = 4;

 private:
  int device_ = -1;
  unsigned flags_ = 0;
  bool flags_known_ = false;
  std::array<std::size_t, kLimitCount> limits_{};
  std::array<bool, kLimitCount> limit_known_{};
  void* sentinel_ = nullptr;
};

}  // namespace judge::exec
