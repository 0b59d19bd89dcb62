// CPU reference for leaky-relu: output[i] = x if x > 0, else 0.01f * x, as the official reference
// does it: one float32 product with the slope rounded to float32 (0.01f). A product taken in
// double and rounded once differs from it by under 1e-7 relative, well inside the 1e-6 tolerance.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("leaky-relu", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  judge::reference::parallel_for(n, [&](std::size_t i) {
    const float x = input[i];
    output[i] = x > 0.0f ? x : 0.01f * x;
  });
}
