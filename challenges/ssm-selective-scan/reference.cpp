// CPU reference for "ssm-selective-scan": for every batch b and channel d, independently, the
// state h[0..d_state) starts at 0 and for t = 0, 1, ..., seq_len - 1
//   h[n] = exp(delta[b,t,d] * A[d,n]) * h[n] + delta[b,t,d] * B[b,t,n] * u[b,t,d]
//   y[b,t,d] = sum_n C[b,t,n] * h[n] + skip[d] * u[b,t,d]
// in double from the float inputs, rounded once. LeetGPU's reference runs the same recurrence in
// float32; with A < 0 and delta > 0 every factor exp(delta A) lies in (0, 1), so rounding errors
// fade instead of growing and a float32 scan stays far inside the 1e-3 tolerance.
#include <cmath>
#include <cstddef>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("ssm-selective-scan", args) {
  const auto u = args.in<float>("u");
  const auto delta = args.in<float>("delta");
  const auto A = args.in<float>("A");
  const auto B = args.in<float>("B");
  const auto C = args.in<float>("C");
  const auto skip = args.in<float>("skip");
  const auto y = args.out<float>("y");
  const auto batch = static_cast<std::size_t>(args.scalar_int("batch"));
  const auto seq_len = static_cast<std::size_t>(args.scalar_int("seq_len"));
  const auto d_model = static_cast<std::size_t>(args.scalar_int("d_model"));
  const auto d_state = static_cast<std::size_t>(args.scalar_int("d_state"));

  // One (batch, channel) sequence per call: they are independent, so any thread count gives the
  // same values.
  judge::reference::parallel_for(batch * d_model, [&](std::size_t item) {
    const std::size_t b = item / d_model, d = item % d_model;
    std::vector<double> h(d_state, 0.0);
    for (std::size_t t = 0; t < seq_len; ++t) {
      const std::size_t at = (b * seq_len + t) * d_model + d;
      const double dt = delta[at], ut = u[at];
      const float* Bt = &B[(b * seq_len + t) * d_state];
      const float* Ct = &C[(b * seq_len + t) * d_state];
      double sum = 0.0;
      for (std::size_t n = 0; n < d_state; ++n) {
        h[n] = std::exp(dt * A[d * d_state + n]) * h[n] + dt * Bt[n] * ut;
        sum += Ct[n] * h[n];
      }
      y[at] = static_cast<float>(sum + skip[d] * ut);
    }
  });
}
