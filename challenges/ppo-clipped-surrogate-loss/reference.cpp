// CPU reference for "ppo-clipped-surrogate-loss": output[0] = -mean over the B*S tokens of
// min(ratio * A, clamp(ratio, 1 - eps, 1 + eps) * A), ratio = exp(log_pi - log_pi_old). As in the
// official reference every per-token step is a float32 operation (the difference, expf, the clamp,
// both products, the min); only the sum over the tokens is kept in double, standing in for the
// official float32 torch.mean (its tree's last bits), then divided and rounded to float once.
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("ppo-clipped-surrogate-loss", args) {
  const auto advantages = args.in<float>("advantages");
  const auto log_pi = args.in<float>("log_pi");
  const auto log_pi_old = args.in<float>("log_pi_old");
  const auto output = args.out<float>("output");
  const auto eps = static_cast<float>(args.scalar_float("clip_eps"));
  const float lo = 1.0f - eps, hi = 1.0f + eps;
  const std::size_t n = advantages.size();  // B * S

  // In fixed blocks (reference::parallel_sum): the same value on any number of threads.
  const double sum = judge::reference::parallel_sum(n, [&](std::size_t i) {
    const float ratio = std::exp(log_pi[i] - log_pi_old[i]);  // float overload: expf
    const float clipped = std::clamp(ratio, lo, hi);
    const float a = advantages[i];
    return static_cast<double>(std::min(ratio * a, clipped * a));
  });
  output[0] = static_cast<float>(-(sum / static_cast<double>(n)));
}
