// A device buffer with canary-filled guard zones before and after it, so a write one element
// past the end (or before the start) is caught and named.
#pragma once

#include <cstdint>

#include <cstddef>
#include <optional>

#include "util/poison.hpp"
#include "util/result.hpp"

namespace judge::exec {

class GuardedBuffer {
 public:
  GuardedBuffer() = default;
  GuardedBuffer(GuardedBuffer&& o) noexcept;
  GuardedBuffer& operator=(GuardedBuffer&& o) noexcept;
  GuardedBuffer(const GuardedBuffer&) = delete;
  GuardedBuffer& operator=(const GuardedBuffer&) = delete;
  ~GuardedBuffer();

  // `guard_bytes` 0: a plain allocation of exactly `bytes` (under compute-sanitizer's memcheck,
  // which must see an access past the end leave the allocation).
  static Result<GuardedBuffer> allocate(std::size_t bytes, unsigned char canary,
                                        std::size_t guard_bytes = util::kGuardBytes);

  void* data() const { return base_ ? base_ + guard_ : nullptr; }
  std::size_t bytes() const { return bytes_; }
  // The whole allocation, guard zones included: [allocation_begin, allocation_end).
  std::uintptr_t allocation_begin() const { return reinterpret_cast<std::uintptr_t>(base_); }
  std::uintptr_t allocation_end() const { return allocation_begin() + total_; }

  // Byte offset (relative to data(), negative = before it) of the first changed canary byte.
  Result<std::optional<long long>> first_guard_change() const;

 private:
  unsigned char* base_ = nullptr;
  std::size_t guard_ = util::kGuardBytes;
  std::size_t bytes_ = 0;
  std::size_t total_ = 0;
  unsigned char canary_ = 0;
};

}  // namespace judge::exec
