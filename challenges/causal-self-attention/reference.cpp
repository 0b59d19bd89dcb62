// CPU reference for causal-self-attention: output = softmax(mask(Q K^T / sqrt(d))) V, where query
// i sees keys 0..i only; one query row at a time in double precision (max-subtracted softmax over
// the visible keys), rounded to float per element.
//
// Row i costs i + 1 dot products, so each task takes a short row and a long one (i and M-1-i):
// the tasks are equal and the cores stay busy to the end.
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("causal-self-attention", args) {
  const auto q = args.in<float>("Q");
  const auto k = args.in<float>("K");
  const auto v = args.in<float>("V");
  const auto out = args.out<float>("output");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto d = static_cast<std::size_t>(args.scalar_int("d"));
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));

  const auto row = [&](std::size_t i) {
    const std::size_t n = i + 1;  // keys 0..i; the mask removes the others
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
    std::vector<double> acc(d, 0.0);
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t c = 0; c < d; ++c) acc[c] += p[j] * static_cast<double>(v[j * d + c]);
    for (std::size_t c = 0; c < d; ++c) out[i * d + c] = static_cast<float>(acc[c] / sum);
  };
  judge::reference::parallel_for((m + 1) / 2, [&](std::size_t t) {
    row(t);
    if (m - 1 - t != t) row(m - 1 - t);
  });
}
