// CPU reference for "max-subarray-sum": output[0] is the largest sum of window_size consecutive
// entries of input, over the N - window_size + 1 windows. The first window is added up, then the
// window slides one step at a time (add the entry that comes in, subtract the one that leaves),
// in 64-bit integers. Entries in [-10, 10] keep every window sum within +-10 * N: +-5 * 10^5 at the
// statement's N <= 50,000, +-5 * 10^8 at the larger ranking case, so the answer fits in int32; the
// reference checks that it does.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "reference/reference.hpp"

JUDGE_REFERENCE("max-subarray-sum", args) {
  const auto input = args.in<std::int32_t>("input");
  const auto output = args.out<std::int32_t>("output");
  const std::int64_t n = args.scalar_int("N");
  const std::int64_t w = args.scalar_int("window_size");
  if (w < 1 || w > n) throw std::invalid_argument("the case must satisfy 1 <= window_size <= N");

  const auto width = static_cast<std::size_t>(w);
  const auto windows = static_cast<std::size_t>(n - w + 1);
  std::int64_t sum = 0;
  for (std::size_t i = 0; i < width; ++i) sum += input[i];
  std::int64_t best = sum;
  for (std::size_t i = 1; i < windows; ++i) {
    sum += static_cast<std::int64_t>(input[i + width - 1]) - input[i - 1];
    best = std::max(best, sum);
  }
  if (best > std::numeric_limits<std::int32_t>::max() || best < std::numeric_limits<std::int32_t>::min())
    throw std::invalid_argument("the largest window sum does not fit in int32: keep the entries in [-10, 10]");
  output[0] = static_cast<std::int32_t>(best);
}
