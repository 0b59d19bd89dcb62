// CPU reference for sliding-window-self-attention: query i attends to the keys j with
// |i - j| <= window_size (2 * window_size + 1 of them, fewer near the ends), output =
// softmax(Q K^T / sqrt(d)) V over that band. One query row at a time in double precision
// (max-subtracted softmax over the band), rounded to float per element, on every core.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("sliding-window-self-attention", args) {
  const auto q = args.in<float>("Q");
  const auto k = args.in<float>("K");
  const auto v = args.in<float>("V");
  const auto out = args.out<float>("output");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto d = static_cast<std::size_t>(args.scalar_int("d"));
  const auto w = static_cast<std::size_t>(args.scalar_int("window_size"));
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));

  judge::reference::parallel_for(m, [&](std::size_t i) {
    const std::size_t first = i >= w ? i - w : 0, last = std::min(m - 1, i + w);  // the band, inclusive
    std::vector<double> p(last - first + 1);
    double max_score = -std::numeric_limits<double>::infinity();
    for (std::size_t j = first; j <= last; ++j) {
      double dot = 0;
      for (std::size_t t = 0; t < d; ++t) dot += static_cast<double>(q[i * d + t]) * static_cast<double>(k[j * d + t]);
      p[j - first] = dot * scale;
      max_score = std::max(max_score, p[j - first]);
    }
    double sum = 0;
    for (double& x : p) {
      x = std::exp(x - max_score);
      sum += x;
    }
    std::vector<double> acc(d, 0.0);
    for (std::size_t j = first; j <= last; ++j)
      for (std::size_t c = 0; c < d; ++c) acc[c] += p[j - first] * static_cast<double>(v[j * d + c]);
    for (std::size_t c = 0; c < d; ++c) out[i * d + c] = static_cast<float>(acc[c] / sum);
  });
}
