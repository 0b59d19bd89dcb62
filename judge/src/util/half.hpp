// IEEE-754 binary16 ("half", CUDA __half) conversions on the host: thin wrappers over the CUDA
// toolkit's host-side cuda_fp16.h functions, so the host builds and checks fp16 buffers rounding
// exactly as the device does, independently of the current floating-point rounding mode.
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
