#include "util/half.hpp"

#include <cuda_fp16.h>

#include <bit>

namespace judge::util {

// The CUDA toolkit's host-side conversions (cuda_fp16.h): the same rounding as the device's
// __float2half_rn, independent of the host's rounding mode. One difference is kept on purpose:
// CUDA turns every NaN into the canonical 0x7fff, while the judge keeps a NaN's sign and top
// payload bits (half.hpp), so a NaN written by a solution is reported as it was.
uint16_t float_to_half_bits(float f) {
  const uint32_t bits = std::bit_cast<uint32_t>(f);
  const uint32_t abs = bits & 0x7fffffff;
  if (abs > 0x7f800000)  // NaN: keep the sign and the top 10 payload bits, force the quiet bit
    return static_cast<uint16_t>(((bits >> 16) & 0x8000) | 0x7e00 | ((abs >> 13) & 0x3ff));
  return static_cast<__half_raw>(__float2half_rn(f)).x;
}

float half_bits_to_float(uint16_t h) {
  __half_raw raw;
  raw.x = h;
  return __half2float(__half(raw));
}

}  // namespace judge::util
