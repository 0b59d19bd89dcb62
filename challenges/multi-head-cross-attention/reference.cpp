// CPU reference for multi-head-cross-attention: for every head h, output[:, h, :] =
// softmax(Q_h K_h^T * (1/sqrt(D))) V_h, where X_h is the M x D (or N x D) slice X[:, h, :] of the
// [rows][H][D] layout. Scores are exact double sums (reference::product, blocked and on every
// core); the max-subtracted softmax and the weighted sum of V's rows are in double too, and each
// output element is rounded to float once.
//
// The product hands over one query row of scores at a time, from several threads at once, so
// each row's softmax and its sum over V run there too, on every core.
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "reference/dense.hpp"
#include "reference/reference.hpp"

namespace {

// acc[c] += p * v[c] for c < n: the inner loop of P V, built for AVX2 too (the 17 GFLOP
// performance case then prepares in seconds).
__attribute__((target_clones("arch=x86-64-v3", "default"))) void add_scaled(double* acc, double p, const float* v,
                                                                            std::size_t n) {
  for (std::size_t c = 0; c < n; ++c) acc[c] += p * static_cast<double>(v[c]);
}

}  // namespace

JUDGE_REFERENCE("multi-head-cross-attention", args) {
  const auto q = args.in<float>("Q");
  const auto k = args.in<float>("K");
  const auto v = args.in<float>("V");
  const auto out = args.out<float>("output");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto heads = static_cast<std::size_t>(args.scalar_int("H"));
  const auto d = static_cast<std::size_t>(args.scalar_int("D"));
  const std::size_t ld = heads * d;  // floats between consecutive rows of Q, K, V and output
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));

  for (std::size_t h = 0; h < heads; ++h) {
    // Q_h is M x D with rows ld apart; K_h^T is D x N: element (t, j) = K[j][h][t].
    const judge::reference::FloatMatrix qh{q.data() + h * d, ld, 1};
    const judge::reference::FloatMatrix kt{k.data() + h * d, 1, ld};
    judge::reference::product(qh, kt, m, n, d, [&](std::size_t i, const double* dots) {
      std::vector<double> p(n);
      double max_score = -std::numeric_limits<double>::infinity();
      for (std::size_t j = 0; j < n; ++j) {
        p[j] = dots[j] * scale;
        if (p[j] > max_score) max_score = p[j];
      }
      double sum = 0;
      for (std::size_t j = 0; j < n; ++j) {
        p[j] = std::exp(p[j] - max_score);
        sum += p[j];
      }
      std::vector<double> acc(d, 0.0);
      for (std::size_t j = 0; j < n; ++j) add_scaled(acc.data(), p[j], v.data() + j * ld + h * d, d);
      float* row = out.data() + i * ld + h * d;
      for (std::size_t c = 0; c < d; ++c) row[c] = static_cast<float>(acc[c] / sum);
    });
  }
}
