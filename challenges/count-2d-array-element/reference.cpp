// CPU reference for "count-2d-array-element": output[0] is the number of elements of the
// N x M row-major matrix equal to K. The count fits in int32 because N * M <= 10^8.
#include <cstdint>

#include "reference/reference.hpp"

JUDGE_REFERENCE("count-2d-array-element", args) {
  const auto input = args.in<std::int32_t>("input");
  const auto output = args.out<std::int32_t>("output");
  const auto k = static_cast<std::int32_t>(args.scalar_int("K"));
  std::int64_t count = 0;
  for (const std::int32_t v : input) count += (v == k);
  output[0] = static_cast<std::int32_t>(count);
}
