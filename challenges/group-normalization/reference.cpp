// CPU reference for "group-normalization": X is N x C x H x W (NCHW, contiguous) and the C
// channels of each sample form G groups of C / G consecutive channels, so every (sample, group)
// pair is one contiguous run of (C / G) * H * W values. For each run: the mean and the biased
// variance in double, two passes, then Y = (X - mean) / sqrt(var + eps) * gamma[c] + beta[c]
// with c the element's channel, rounded to float once. eps is used as the float solve receives.
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>

#include "reference/reference.hpp"

JUDGE_REFERENCE("group-normalization", args) {
  const auto x = args.in<float>("X");
  const auto gamma = args.in<float>("gamma");
  const auto beta = args.in<float>("beta");
  const auto y = args.out<float>("Y");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto c = static_cast<std::size_t>(args.scalar_int("C"));
  const auto hw = static_cast<std::size_t>(args.scalar_int("H")) * static_cast<std::size_t>(args.scalar_int("W"));
  const auto g = static_cast<std::size_t>(args.scalar_int("G"));
  const double eps = static_cast<float>(args.scalar_float("eps"));
  if (c % g != 0)
    throw std::invalid_argument("group-normalization: G = " + std::to_string(g) + " does not divide C = " +
                                std::to_string(c) + " (the statement requires it)");
  const std::size_t channels_per_group = c / g;
  const std::size_t length = channels_per_group * hw;

  judge::reference::parallel_for(n * g, [&](std::size_t run) {
    const std::size_t begin = run * length;
    double sum = 0;
    for (std::size_t i = begin; i < begin + length; ++i) sum += x[i];
    const double mean = sum / static_cast<double>(length);
    double squares = 0;
    for (std::size_t i = begin; i < begin + length; ++i) {
      const double d = x[i] - mean;
      squares += d * d;
    }
    const double rstd = 1.0 / std::sqrt(squares / static_cast<double>(length) + eps);
    const std::size_t first_channel = (run % g) * channels_per_group;
    for (std::size_t k = 0; k < channels_per_group; ++k) {
      const double scale = rstd * static_cast<double>(gamma[first_channel + k]);
      const double shift = beta[first_channel + k];
      for (std::size_t i = begin + k * hw; i < begin + (k + 1) * hw; ++i)
        y[i] = static_cast<float>((x[i] - mean) * scale + shift);
    }
  });
}
