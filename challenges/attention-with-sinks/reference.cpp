// CPU reference for attention-with-sinks: query i attends to the keys j <= i that are either one
// of the first num_sinks positions (the sinks) or among the last window_size positions up to and
// including i (j >= i - window_size + 1); output = softmax(Q K^T / sqrt(d)) V over those keys.
// One query row at a time in double precision (max-subtracted softmax over the allowed keys),
// rounded to float per element, on every core.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("attention-with-sinks", args) {
  const auto q = args.in<float>("Q");
  const auto k = args.in<float>("K");
  const auto v = args.in<float>("V");
  const auto out = args.out<float>("output");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto d = static_cast<std::size_t>(args.scalar_int("d"));
  const auto sinks = static_cast<std::size_t>(args.scalar_int("num_sinks"));
  const auto window = static_cast<std::size_t>(args.scalar_int("window_size"));
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));

  judge::reference::parallel_for(m, [&](std::size_t i) {
    // The allowed keys in increasing order: sinks 0 .. min(num_sinks, i + 1) - 1, then the window
    // max(num_sinks, i + 1 - window_size) .. i (empty when the sinks already reach i).
    std::vector<std::size_t> keys;
    const std::size_t sink_end = std::min(sinks, i + 1);
    for (std::size_t j = 0; j < sink_end; ++j) keys.push_back(j);
    const std::size_t window_lo = std::max(sinks, i + 1 >= window ? i + 1 - window : 0);
    for (std::size_t j = window_lo; j <= i; ++j) keys.push_back(j);

    std::vector<double> p(keys.size());
    double max_score = -std::numeric_limits<double>::infinity();
    for (std::size_t t = 0; t < keys.size(); ++t) {
      double dot = 0;
      for (std::size_t c = 0; c < d; ++c)
        dot += static_cast<double>(q[i * d + c]) * static_cast<double>(k[keys[t] * d + c]);
      p[t] = dot * scale;
      max_score = std::max(max_score, p[t]);
    }
    double sum = 0;
    for (double& x : p) {
      x = std::exp(x - max_score);
      sum += x;
    }
    std::vector<double> acc(d, 0.0);
    for (std::size_t t = 0; t < keys.size(); ++t)
      for (std::size_t c = 0; c < d; ++c) acc[c] += p[t] * static_cast<double>(v[keys[t] * d + c]);
    for (std::size_t c = 0; c < d; ++c) out[i * d + c] = static_cast<float>(acc[c] / sum);
  });
}
