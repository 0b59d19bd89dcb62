// CPU reference for "grpo-surrogate-loss": output[0] = -mean over the B*G*S tokens of
// (surrogate - beta * kl). Each group's advantages are (r - mean) / (std + 1e-8) with the
// population std; the group's mean and std are computed in double and rounded to float (the
// correctly rounded values any float32 order approximates), the rest of every per-token step is a
// float32 operation as in the official reference (differences, expf, clamp, products, min, the
// kl estimator exp(d) - d - 1 in that order). Only the sum over the tokens is kept in double,
// standing in for the official float32 torch.mean, then divided and rounded to float once.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("grpo-surrogate-loss", args) {
  const auto rewards = args.in<float>("rewards");
  const auto log_pi = args.in<float>("log_pi");
  const auto log_pi_old = args.in<float>("log_pi_old");
  const auto log_ref = args.in<float>("log_ref");
  const auto output = args.out<float>("output");
  const auto eps = static_cast<float>(args.scalar_float("clip_eps"));
  const auto beta = static_cast<float>(args.scalar_float("beta"));
  const auto B = static_cast<std::size_t>(args.scalar_int("B"));
  const auto G = static_cast<std::size_t>(args.scalar_int("G"));
  const auto S = static_cast<std::size_t>(args.scalar_int("S"));
  const float lo = 1.0f - eps, hi = 1.0f + eps;

  // One advantage per (group, member): a row of rewards is a group.
  std::vector<float> adv(B * G);
  for (std::size_t b = 0; b < B; ++b) {
    const float* r = &rewards[b * G];
    double sum = 0;
    for (std::size_t g = 0; g < G; ++g) sum += r[g];
    const double mean_d = sum / static_cast<double>(G);
    double sq = 0;
    for (std::size_t g = 0; g < G; ++g) sq += (r[g] - mean_d) * (r[g] - mean_d);
    const auto mean = static_cast<float>(mean_d);
    const auto std_dev = static_cast<float>(std::sqrt(sq / static_cast<double>(G)));
    for (std::size_t g = 0; g < G; ++g) adv[b * G + g] = (r[g] - mean) / (std_dev + 1e-8f);
  }

  // In fixed blocks (reference::parallel_sum): the same value on any number of threads.
  const std::size_t n = B * G * S;
  const double sum = judge::reference::parallel_sum(n, [&](std::size_t i) {
    const float a = adv[i / S];
    const float ratio = std::exp(log_pi[i] - log_pi_old[i]);  // float overloads: expf
    const float clipped = std::clamp(ratio, lo, hi);
    const float surrogate = std::min(ratio * a, clipped * a);
    const float d = log_ref[i] - log_pi[i];
    const float kl = (std::exp(d) - d) - 1.0f;
    return static_cast<double>(surrogate - beta * kl);
  });
  output[0] = static_cast<float>(-(sum / static_cast<double>(n)));
}
