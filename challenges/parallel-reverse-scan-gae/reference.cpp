// CPU reference for "parallel-reverse-scan-gae": generalized advantage estimation, each row run
// backwards in float32 as the official reference does. delta[t] = (r[t] + gamma * v[t+1]) - v[t]
// with v[S] = 0, then A[t] = delta[t] + (gamma * lam) * A[t+1] from t = S - 1 down, A[S] = 0: each
// product and sum rounded to float (no fused multiply-add). The coefficient gamma * lam is formed
// in double from the case's values and rounded to float once, as the official one forms it from
// the Python floats; gamma itself enters delta as a float.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("parallel-reverse-scan-gae", args) {
  const auto rewards = args.in<float>("rewards");
  const auto values = args.in<float>("values");
  const auto advantages = args.out<float>("advantages");
  const double gamma_d = args.scalar_float("gamma");
  const double lam_d = args.scalar_float("lam");
  const auto gamma = static_cast<float>(gamma_d);
  const auto c = static_cast<float>(gamma_d * lam_d);
  const auto B = static_cast<std::size_t>(args.scalar_int("B"));
  const auto S = static_cast<std::size_t>(args.scalar_int("S"));

  judge::reference::parallel_for(B, [&](std::size_t b) {
    const float* r = &rewards[b * S];
    const float* v = &values[b * S];
    float* a = &advantages[b * S];
    float next_value = 0.0f, next_adv = 0.0f;  // v[S] = 0, A[S] = 0
    for (std::size_t t = S; t-- > 0;) {
      const float scaled_value = gamma * next_value;
      const float delta = (r[t] + scaled_value) - v[t];
      const float carried = c * next_adv;
      next_adv = delta + carried;
      a[t] = next_adv;
      next_value = v[t];
    }
  });
}
