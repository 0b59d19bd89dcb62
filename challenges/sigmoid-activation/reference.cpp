// CPU reference for sigmoid-activation: Y[i] = 1 / (1 + exp(-X[i])) in double, rounded once to
// float. For negative x it uses the equivalent e / (1 + e) with e = exp(x), so that no
// intermediate overflows (exp(-x) is infinite in double for x below about -709).
#include <cmath>
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("sigmoid-activation", args) {
  const auto x = args.in<float>("X");
  const auto y = args.out<float>("Y");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  judge::reference::parallel_for(n, [&](std::size_t i) {
    const double v = x[i];
    double s;
    if (v >= 0.0) {
      s = 1.0 / (1.0 + std::exp(-v));
    } else {
      const double e = std::exp(v);
      s = e / (1.0 + e);
    }
    y[i] = static_cast<float>(s);
  });
}
