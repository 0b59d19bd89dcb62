// CPU reference for "count-3d-array-element": output[0] is the number of entries of the
// N x M x K array equal to P. Counted in parallel chunks in 64-bit integers; the count is at
// most N * M * K <= 10^9, so it fits in int32.
#include <cstddef>
#include <cstdint>

#include "reference/reference.hpp"

JUDGE_REFERENCE("count-3d-array-element", args) {
  const auto input = args.in<std::int32_t>("input");
  const auto output = args.out<std::int32_t>("output");
  const auto p = static_cast<std::int32_t>(args.scalar_int("P"));
  const double count =
      judge::reference::parallel_sum(input.size(), [&](std::size_t i) { return input[i] == p ? 1.0 : 0.0; });
  output[0] = static_cast<std::int32_t>(count);  // exact: every partial count is an integer below 2^53
}
