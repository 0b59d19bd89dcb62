// CPU reference for multi-head-attention: for every head hd, the columns [hd*d_k, (hd+1)*d_k) of
// output are softmax(Q_hd K_hd^T / sqrt(d_k)) V_hd, where X_hd is those columns of X and
// d_k = d_model / h. One (query row, head) at a time, in double precision with the
// max-subtracted softmax, rounded to float per element.
//
// One task per (query row, head) pair, on every core.
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("multi-head-attention", args) {
  const auto q = args.in<float>("Q");
  const auto k = args.in<float>("K");
  const auto v = args.in<float>("V");
  const auto out = args.out<float>("output");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto d_model = static_cast<std::size_t>(args.scalar_int("d_model"));
  const auto h = static_cast<std::size_t>(args.scalar_int("h"));
  const std::size_t dk = d_model / h;
  const double scale = 1.0 / std::sqrt(static_cast<double>(dk));

  judge::reference::parallel_for(n * h, [&](std::size_t w) {
    const std::size_t i = w / h, col0 = w % h * dk;
    std::vector<double> p(n);
    double max_score = -std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < n; ++j) {
      double dot = 0;
      for (std::size_t t = 0; t < dk; ++t)
        dot += static_cast<double>(q[i * d_model + col0 + t]) * static_cast<double>(k[j * d_model + col0 + t]);
      p[j] = dot * scale;
      if (p[j] > max_score) max_score = p[j];
    }
    double sum = 0;
    for (std::size_t j = 0; j < n; ++j) {
      p[j] = std::exp(p[j] - max_score);
      sum += p[j];
    }
    // The head's slice of the row: accumulate rows of V.
    std::vector<double> acc(dk, 0.0);
    for (std::size_t j = 0; j < n; ++j)
      for (std::size_t c = 0; c < dk; ++c) acc[c] += p[j] * static_cast<double>(v[j * d_model + col0 + c]);
    for (std::size_t c = 0; c < dk; ++c) out[i * d_model + col0 + c] = static_cast<float>(acc[c] / sum);
  });
}
