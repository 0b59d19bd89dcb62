// IEEE-754 binary16 ("half", CUDA __half) conversions done with integer operations, so the
// host can build and check fp16 buffers without compiler or hardware half support and
// independently of the current floating-point rounding mode.
#pragma once

#include <cstdint>

namespace judge::util {

// Rounds to nearest, ties to even. Too large for half (>= 65520 in magnitude) gives
// +-inf; tiny values become half subnormals or signed zero. NaN stays NaN: sign and the
// top payload bits are kept and the quiet bit is set, so it never turns into infinity.
uint16_t float_to_half_bits(float f);

// Exact (every half is a float). NaN payloads are kept, with the quiet bit set.
float half_bits_to_float(uint16_t h);

}  // namespace judge::util
