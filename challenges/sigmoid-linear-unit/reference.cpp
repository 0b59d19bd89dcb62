// CPU reference for sigmoid-linear-unit: output[i] = x / (1 + exp(-x)) with x = input[i], in
// double, rounded once to float. For negative x it uses the equal x * e / (1 + e) with
// e = exp(x), so that no intermediate overflows whatever the input.
#include <cmath>
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("sigmoid-linear-unit", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  judge::reference::parallel_for(n, [&](std::size_t i) {
    const double x = input[i];
    double y;
    if (x >= 0.0) {
      y = x / (1.0 + std::exp(-x));
    } else {
      const double e = std::exp(x);
      y = x * e / (1.0 + e);
    }
    output[i] = static_cast<float>(y);
  });
}
