// CPU reference for value-clipping: output[i] = min(max(input[i], lo), hi). lo and hi reach
// solve as floats, so they are rounded to float here too (-51.24 is not a float); the result is
// always one of input[i], lo or hi, exactly.
#include <algorithm>
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("value-clipping", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");
  const float lo = static_cast<float>(args.scalar_float("lo"));
  const float hi = static_cast<float>(args.scalar_float("hi"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  judge::reference::parallel_for(n, [&](std::size_t i) { output[i] = std::min(std::max(input[i], lo), hi); });
}
