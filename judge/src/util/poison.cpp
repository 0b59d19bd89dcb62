#include "util/poison.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "util/thread_pool.hpp"

namespace judge::util {
namespace {

// NaN patterns for floating types (and unlikely integers otherwise), little-endian.
std::uint64_t poison_word(std::size_t element_bytes) {
  switch (element_bytes) {
    case 1:
      return 0xA5;
    case 2:
      return 0xFDA5;  // a float16 NaN
    case 4:
      return 0xFFA5A5A5;  // a float32 NaN
    default:
      return 0xFFF5A5A5A5A5A5A5ull;
  }
}

template <class Word>
void fill_words(unsigned char* p, std::size_t bytes, std::uint64_t w) {
  std::fill_n(reinterpret_cast<Word*>(p), bytes / sizeof(Word), static_cast<Word>(w));
}

void fill_range(unsigned char* p, std::size_t bytes, std::size_t element_bytes, std::uint64_t w) {
  switch (element_bytes) {
    case 1:
      std::memset(p, static_cast<int>(w), bytes);
      break;
    case 2:
      fill_words<std::uint16_t>(p, bytes, w);
      break;
    case 4:
      fill_words<std::uint32_t>(p, bytes, w);
      break;
    default:
      fill_words<std::uint64_t>(p, bytes, w);
      break;
  }
}

}  // namespace

void fill_poison(void* dst, std::size_t bytes, std::size_t element_bytes) {
  const std::uint64_t w = poison_word(element_bytes);
  auto* p = static_cast<unsigned char*>(dst);
  bytes -= bytes % element_bytes;
  if (reinterpret_cast<std::uintptr_t>(p) % element_bytes != 0) {  // not a typed array: byte by byte
    for (std::size_t i = 0; i < bytes; i += element_bytes) std::memcpy(p + i, &w, element_bytes);
    return;
  }
  // Large outputs on every core; 8 MiB pieces are a multiple of every element size.
  for_each_chunk(bytes, std::size_t{8} << 20,
                 [&](std::size_t at, std::size_t n) { fill_range(p + at, n, element_bytes, w); });
}

bool is_poison(const void* element, std::size_t element_bytes) {
  const std::uint64_t w = poison_word(element_bytes);
  return std::memcmp(element, &w, element_bytes) == 0;
}

}  // namespace judge::util
