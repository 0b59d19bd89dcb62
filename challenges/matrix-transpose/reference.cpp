// CPU reference for matrix-transpose: output (cols x rows) = transpose of input (rows x cols),
// both row-major. A pure copy, so NaN payloads and signed zeros come through unchanged.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("matrix-transpose", args) {
  const auto in = args.in<float>("input");
  const auto out = args.out<float>("output");
  const auto rows = static_cast<std::size_t>(args.scalar_int("rows"));
  const auto cols = static_cast<std::size_t>(args.scalar_int("cols"));
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) out[c * rows + r] = in[r * cols + c];
  }
}
