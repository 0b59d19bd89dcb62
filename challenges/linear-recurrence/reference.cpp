// CPU reference for "linear-recurrence": per row, h[0] = x[0] (a[0] is not used) and
// h[t] = a[t] * h[t-1] + x[t], sequentially in float32 as the official reference does: the product
// is rounded to float, then the sum (no fused multiply-add: the official one multiplies and adds
// as two tensor operations).
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("linear-recurrence", args) {
  const auto a = args.in<float>("a");
  const auto x = args.in<float>("x");
  const auto h = args.out<float>("h");
  const auto B = static_cast<std::size_t>(args.scalar_int("B"));
  const auto L = static_cast<std::size_t>(args.scalar_int("L"));

  // One row per call: rows are independent, so any number of threads gives the same values.
  judge::reference::parallel_for(B, [&](std::size_t row) {
    const float* ar = &a[row * L];
    const float* xr = &x[row * L];
    float* hr = &h[row * L];
    float state = xr[0];
    hr[0] = state;
    for (std::size_t t = 1; t < L; ++t) {
      // The product of two floats is exact in double; converting it rounds it to float once, as a
      // float multiplication does, and keeps the compiler from fusing it with the addition.
      const auto product = static_cast<float>(static_cast<double>(ar[t]) * static_cast<double>(state));
      state = product + xr[t];
      hr[t] = state;
    }
  });
}
