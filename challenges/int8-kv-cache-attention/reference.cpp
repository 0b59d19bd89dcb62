// CPU reference for int8-kv-cache-attention: one query per head attends over that head's cached
// keys and values, stored as int8 with one float scale per (head, position):
//   K[h][s][t] = K_int8[h][s][t] * k_scale[h][s]   (likewise V)
//   score[s] = (Q[h] . K[h][s]) / sqrt(head_dim)
//   output[h] = softmax(score) . V[h]
// in double (the dequantised values are exact there), max-subtracted, rounded to float once.
// Heads are independent; each is one pass over its keys and one over its values.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("int8-kv-cache-attention", args) {
  const auto q = args.in<float>("Q");
  const auto k = args.in<signed char>("K_int8");
  const auto v = args.in<signed char>("V_int8");
  const auto k_scale = args.in<float>("k_scale");
  const auto v_scale = args.in<float>("v_scale");
  const auto out = args.out<float>("output");
  const auto heads = static_cast<std::size_t>(args.scalar_int("num_heads"));
  const auto seq = static_cast<std::size_t>(args.scalar_int("seq_len"));
  const auto dim = static_cast<std::size_t>(args.scalar_int("head_dim"));
  const double scale = 1.0 / std::sqrt(static_cast<double>(dim));

  std::vector<double> p(seq);
  std::vector<double> acc(dim);
  for (std::size_t h = 0; h < heads; ++h) {
    const float* qh = &q[h * dim];
    double max_score = -std::numeric_limits<double>::infinity();
    for (std::size_t s = 0; s < seq; ++s) {
      const signed char* row = &k[(h * seq + s) * dim];
      double dot = 0;
      for (std::size_t t = 0; t < dim; ++t) dot += static_cast<double>(qh[t]) * static_cast<double>(row[t]);
      p[s] = dot * static_cast<double>(k_scale[h * seq + s]) * scale;
      if (p[s] > max_score) max_score = p[s];
    }
    double sum = 0;
    for (std::size_t s = 0; s < seq; ++s) {
      p[s] = std::exp(p[s] - max_score);
      sum += p[s];
    }
    std::fill(acc.begin(), acc.end(), 0.0);
    for (std::size_t s = 0; s < seq; ++s) {
      const signed char* row = &v[(h * seq + s) * dim];
      const double w = p[s] * static_cast<double>(v_scale[h * seq + s]);
      for (std::size_t t = 0; t < dim; ++t) acc[t] += w * static_cast<double>(row[t]);
    }
    for (std::size_t t = 0; t < dim; ++t) out[h * dim + t] = static_cast<float>(acc[t] / sum);
  }
}
