// CPU reference for "rainbow-table": R rounds of 32-bit FNV-1a per element. Each round hashes
// the four bytes of a 32-bit word, lowest byte first; round 1 hashes the input's two's-complement
// bit pattern, every later round the previous round's hash. All arithmetic wraps modulo 2^32.
#include <cstddef>
#include <cstdint>

#include "reference/reference.hpp"

namespace {

constexpr std::uint32_t kOffsetBasis = 2166136261u;
constexpr std::uint32_t kPrime = 16777619u;

std::uint32_t fnv1a_word(std::uint32_t word) {
  std::uint32_t h = kOffsetBasis;
  for (int byte = 0; byte < 4; ++byte) {
    h ^= (word >> (8 * byte)) & 0xFFu;
    h *= kPrime;
  }
  return h;
}

}  // namespace

JUDGE_REFERENCE("rainbow-table", args) {
  const auto input = args.in<std::int32_t>("input");
  const auto output = args.out<std::uint32_t>("output");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto rounds = args.scalar_int("R");
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t h = static_cast<std::uint32_t>(input[i]);
    for (std::int64_t r = 0; r < rounds; ++r) h = fnv1a_word(h);
    output[i] = h;
  }
}
