// Validating timed calls on the device: the outputs of a timed call are compared with a copy of
// the expected values kept in device memory, by a kernel (exec/device_compare.cu, PTX embedded
// at build time) that follows check/compare.cpp's rules. Only a yes/no and a count come back, so
// a validation costs one pass over the output on the GPU instead of a copy to the host and a
// host comparison. A mismatch is re-checked on the host, which reports it in detail (and has the
// last word: the device can only send a call to that check, never fail it alone).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <string>
#include <vector>

#include "exec/guarded_buffer.hpp"
#include "exec/test_layout.hpp"
#include "util/result.hpp"
#include "util/shared_memory.hpp"

namespace judge::exec {

class DeviceChecker {
 public:
  DeviceChecker() = default;
  DeviceChecker(const DeviceChecker&) = delete;
  DeviceChecker& operator=(const DeviceChecker&) = delete;
  ~DeviceChecker();

  // Loads the kernel and uploads the expected values of every input set (and the sampled
  // indices). When that fails (no memory, the PTX does not load) the checker is not ready and
  // `method()` says why; the caller validates on the host instead.
  void init(const TestRequest& request, const util::SharedMemory& shm);
  bool ready() const { return kernel_ != nullptr; }
  // "device" or "host (why)".
  std::string method() const;

  // True when every validated buffer of the last call matches the expected values of `set`.
  Result<bool> matches(const TestRequest& request, const std::vector<GuardedBuffer>& buffers, int set);

 private:
  struct Expected {
    std::size_t buffer = 0;  // index into request.buffers
    void* want[2] = {nullptr, nullptr};
    void* indices = nullptr;  // sampled check: the indices compared; null: every element
    std::size_t count = 0;    // elements compared
  };
  void release();
  std::vector<Expected> expected_;
  unsigned long long* result_ = nullptr;
  cudaKernel_t kernel_ = nullptr;
  std::string unavailable_;  // why not ready
};

}  // namespace judge::exec
