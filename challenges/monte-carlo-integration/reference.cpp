// CPU reference for "monte-carlo-integration": the Monte Carlo estimate of the integral of f over
// [a, b] from the given samples y_i = f(x_i): (b - a) * (sum of y_i) / n_samples. The sum is taken
// in double (in fixed blocks, so the value does not depend on the thread count) and the result
// rounded to float once. LeetGPU's reference multiplies (b - a) in double by a float32 mean; the
// two differ by far less than the 1e-2 tolerance.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("monte-carlo-integration", args) {
  const auto y = args.in<float>("y_samples");
  const auto result = args.out<float>("result");
  const double a = args.scalar_float("a");
  const double b = args.scalar_float("b");
  const auto n = static_cast<std::size_t>(args.scalar_int("n_samples"));
  const double sum = judge::reference::parallel_sum(n, [&](std::size_t i) { return static_cast<double>(y[i]); });
  result[0] = static_cast<float>((b - a) * (sum / static_cast<double>(n)));
}
