// CPU reference for softmax-attention: output = softmax(Q K^T / sqrt(d)) V, one query row at a
// time in double precision (max-subtracted softmax), rounded to float per element.
//
// One task per query row, on every core.
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("softmax-attention", args) {
  const auto q = args.in<float>("Q");
  const auto k = args.in<float>("K");
  const auto v = args.in<float>("V");
  const auto out = args.out<float>("output");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto d = static_cast<std::size_t>(args.scalar_int("d"));
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));

  judge::reference::parallel_for(m, [&](std::size_t i) {
    std::vector<double> p(n);
    double max_score = -std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < n; ++j) {
      double dot = 0;
      for (std::size_t t = 0; t < d; ++t) dot += static_cast<double>(q[i * d + t]) * static_cast<double>(k[j * d + t]);
      p[j] = dot * scale;
      if (p[j] > max_score) max_score = p[j];
    }
    double sum = 0;
    for (std::size_t j = 0; j < n; ++j) {
      p[j] = std::exp(p[j] - max_score);
      sum += p[j];
    }
    // Accumulate rows of V (cache-friendly).
    std::vector<double> acc(d, 0.0);
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t c = 0; c < d; ++c) acc[c] += p[j] * static_cast<double>(v[j * d + c]);
    for (std::size_t c = 0; c < d; ++c) out[i * d + c] = static_cast<float>(acc[c] / sum);
  });
}
