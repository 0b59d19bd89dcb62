// CPU reference for reverse-array: in place, element i and element N - 1 - i trade places for
// every i < N / 2; for odd N the middle element stays. The inout buffer arrives holding the input.
#include <algorithm>
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("reverse-array", args) {
  const auto data = args.out<float>("input");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  std::reverse(data.begin(), data.begin() + static_cast<std::ptrdiff_t>(n));
}
