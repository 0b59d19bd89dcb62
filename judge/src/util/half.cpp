#include "util/half.hpp"

#include <bit>

namespace judge::util {
namespace {

// Shifts `value` right by `shift` (1..31) bits, rounding to nearest, ties to even.
uint32_t shift_right_round_even(uint32_t value, int shift) {
  uint32_t kept = value >> shift;
  uint32_t rest = value & ((uint32_t{1} << shift) - 1);
  uint32_t halfway = uint32_t{1} << (shift - 1);
  if (rest > halfway || (rest == halfway && (kept & 1))) ++kept;
  return kept;
}

}  // namespace

uint16_t float_to_half_bits(float f) {
  uint32_t bits = std::bit_cast<uint32_t>(f);
  auto sign = static_cast<uint16_t>((bits >> 16) & 0x8000);
  uint32_t abs = bits & 0x7fffffff;
  if (abs > 0x7f800000)  // NaN: keep the top 10 payload bits, force the quiet bit
    return static_cast<uint16_t>(sign | 0x7e00 | ((abs >> 13) & 0x3ff));
  // 65520 (0x477ff000) is halfway between the largest half, 65504, and 2^16; ties go to
  // the even neighbour, which is the one past the largest, i.e. infinity.
  if (abs >= 0x477ff000) return static_cast<uint16_t>(sign | 0x7c00);
  int exponent = static_cast<int>(abs >> 23);  // biased by 127
  if (exponent >= 113) {
    // Normal half: rebias the exponent (127 -> 15) and round off 13 mantissa bits. A
    // mantissa carry correctly bumps the exponent, since both sit in one integer.
    uint32_t rebased = abs - (uint32_t{112} << 23);
    return static_cast<uint16_t>(sign | shift_right_round_even(rebased, 13));
  }
  // Subnormal half (or zero): count in units of 2^-24. The float is
  // significand * 2^(exponent-150), so the count is significand >> (126 - exponent).
  if (exponent < 102) return sign;  // below 2^-25: rounds to zero
  uint32_t significand = (abs & 0x7fffff) | 0x800000;
  return static_cast<uint16_t>(sign | shift_right_round_even(significand, 126 - exponent));
}

float half_bits_to_float(uint16_t h) {
  uint32_t sign = uint32_t{h & 0x8000u} << 16;
  uint32_t exponent = (h >> 10) & 0x1f;
  uint32_t mantissa = h & 0x3ffu;
  if (exponent == 0x1f) {  // inf, or NaN made quiet
    uint32_t quiet = mantissa ? 0x400000 : 0;
    return std::bit_cast<float>(sign | 0x7f800000 | quiet | (mantissa << 13));
  }
  if (exponent == 0) {  // zero or subnormal: mantissa * 2^-24, exact in float
    float magnitude = static_cast<float>(mantissa) * 0x1p-24f;
    return sign ? -magnitude : magnitude;
  }
  return std::bit_cast<float>(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

}  // namespace judge::util
