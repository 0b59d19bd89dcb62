// The byte patterns the judge marks memory with: poison in outputs before solve (an element
// still holding it was never written) and the canary bytes of the guard zones around every
// device buffer. Pure bytes, so both the runner (exec) and the comparison (check, explain) use
// them without depending on each other.
#pragma once

#include <cstddef>

namespace judge::util {

// Bytes of canary before and after every device buffer.
inline constexpr std::size_t kGuardBytes = 64 * 1024;
// Each buffer's guards hold a different byte, so an out-of-bounds copy from one buffer's guard
// into another's (B[N] = A[N]) still changes a canary.
inline constexpr unsigned char canary_byte(std::size_t buffer_index) {
  return static_cast<unsigned char>(0xC5 + 0x16 * (buffer_index % 8));
}

// Poison fills outputs before solve; an element still holding it was never written.
void fill_poison(void* dst, std::size_t bytes, std::size_t element_bytes);
bool is_poison(const void* element, std::size_t element_bytes);

}  // namespace judge::util
