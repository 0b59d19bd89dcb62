// CPU reference for matrix-copy: B = A for an N x N row-major matrix. A pure copy, so NaN
// payloads, infinities, subnormals and signed zeros come through unchanged.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("matrix-copy", args) {
  const auto a = args.in<float>("A");
  const auto b = args.out<float>("B");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  for (std::size_t i = 0; i < n * n; ++i) b[i] = a[i];
}
