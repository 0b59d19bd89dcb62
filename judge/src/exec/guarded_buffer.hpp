// A device buffer with canary-filled guard zones before and after it, so a write one element
// past the end (or before the start) is caught and named.
#pragma once

#include <cstddef>
#include <optional>

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

  static Result<GuardedBuffer> allocate(std::size_t bytes, unsigned char canary);

  void* data() const { return base_ ? base_ + front_bytes() : nullptr; }
  std::size_t bytes() const { return bytes_; }

  // Byte offset (relative to data(), negative = before it) of the first changed canary byte.
  Result<std::optional<long long>> first_guard_change() const;

 private:
  static std::size_t front_bytes();
  unsigned char* base_ = nullptr;
  std::size_t bytes_ = 0;
  std::size_t total_ = 0;
  unsigned char canary_ = 0;
};

}  // namespace judge::exec
