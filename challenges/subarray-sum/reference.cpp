// CPU reference for "subarray-sum": output[0] = input[S] + input[S + 1] + ... + input[E], both
// ends included. Added in 64-bit integers; the constraints (entries in [1, 10], at most 10^8 of
// them) keep the sum at or below 10^9, so it fits in int32, and the reference checks that it does.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "reference/reference.hpp"

JUDGE_REFERENCE("subarray-sum", args) {
  const auto input = args.in<std::int32_t>("input");
  const auto output = args.out<std::int32_t>("output");
  const std::int64_t n = args.scalar_int("N");
  const std::int64_t s = args.scalar_int("S");
  const std::int64_t e = args.scalar_int("E");
  if (s < 0 || s > e || e >= n) throw std::invalid_argument("the case must satisfy 0 <= S <= E <= N - 1");

  const auto first = static_cast<std::size_t>(s);
  const auto count = static_cast<std::size_t>(e - s + 1);
  // parallel_sum adds in double: exact, since every partial sum of integers stays far below 2^53.
  const double sum = judge::reference::parallel_sum(count, [&](std::size_t i) { return input[first + i]; });
  if (sum > std::numeric_limits<std::int32_t>::max() || sum < std::numeric_limits<std::int32_t>::min())
    throw std::invalid_argument("the sum of input[S..E] does not fit in int32: keep the entries in [1, 10]");
  output[0] = static_cast<std::int32_t>(sum);
}
