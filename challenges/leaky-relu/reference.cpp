// CPU reference for leaky-relu: output[i] = x if x > 0, else 0.01 * x, with the product taken in
// double and rounded once to float. A float32 GPU product 0.01f * x differs from it by well under
// 1e-7 relative (0.01f is 0.01 to 2.2e-8, plus one float rounding), inside the 1e-6 tolerance.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("leaky-relu", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  judge::reference::parallel_for(n, [&](std::size_t i) {
    const double x = input[i];
    output[i] = static_cast<float>(x > 0.0 ? x : 0.01 * x);
  });
}
