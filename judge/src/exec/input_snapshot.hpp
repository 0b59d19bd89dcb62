// The inputs as they were before solve, kept on the device: after solve, each input buffer is
// compared with its copy by a kernel (judge_first_difference in exec/device_compare.cu), so
// checking that solve left its inputs alone costs a device-to-device copy and one pass on the
// GPU instead of copying every input back to the host. A buffer whose copy could not be had
// (no device memory for it) is checked on the host, from the shared region, as before.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "exec/free_guard.hpp"
#include "exec/guarded_buffer.hpp"
#include "exec/test_layout.hpp"
#include "util/result.hpp"

namespace judge::exec {

class InputSnapshot {
 public:
  InputSnapshot() = default;
  InputSnapshot(const InputSnapshot&) = delete;
  InputSnapshot& operator=(const InputSnapshot&) = delete;
  ~InputSnapshot();

  // Copies every `in` buffer (device to device). Buffers under 1 MiB are left to the host check,
  // which is as fast for them.
  void take(const TestRequest& r, const std::vector<GuardedBuffer>& bufs);
  bool has(std::size_t buffer) const { return buffer < copies_.size() && copies_[buffer] != nullptr; }
  // The first byte of `buffer` that differs from its copy, or nullopt. Needs has(buffer).
  Result<std::optional<std::size_t>> first_change(std::size_t buffer, const GuardedBuffer& now) const;
  // The copies' allocations, for the free guard: solve may not free them either.
  std::vector<GuardedRange> ranges(const TestRequest& r) const;
  // Frees the copies (before timing, which needs the memory more).
  void release();

 private:
  std::vector<void*> copies_;  // per buffer; null: no copy
  std::vector<std::size_t> bytes_;
  unsigned long long* result_ = nullptr;
};

}  // namespace judge::exec
