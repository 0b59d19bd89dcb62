// CPU reference for attention-with-linear-biases (ALiBi): score(i, j) = Q[i] . K[j] / sqrt(d) +
// alpha * (i - j), no mask, output = softmax over j of the scores, times V. The dot products are
// exact double sums (reference::product, blocked and on every core); the bias, the
// max-subtracted softmax and the weighted sum of V's rows are in double too (alpha is the float
// the solution receives), and each output element is rounded to float once.
//
// The product hands over one query row of dot products at a time, from several threads at once,
// so each row's softmax and its sum over V run there too.
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "reference/dense.hpp"
#include "reference/reference.hpp"

namespace {

// acc[c] += p * v[c] for c < n: the inner loop of P V, built for AVX2 too (the 17 GFLOP
// performance case then prepares in seconds).
__attribute__((target_clones("arch=x86-64-v3", "default"))) void alibi_add_scaled(double* acc, double p, const float* v,
                                                                                  std::size_t n) {
  for (std::size_t c = 0; c < n; ++c) acc[c] += p * static_cast<double>(v[c]);
}

}  // namespace

JUDGE_REFERENCE("attention-with-linear-biases", args) {
  const auto q = args.in<float>("Q");
  const auto k = args.in<float>("K");
  const auto v = args.in<float>("V");
  const auto out = args.out<float>("output");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto d = static_cast<std::size_t>(args.scalar_int("d"));
  const double alpha = static_cast<double>(static_cast<float>(args.scalar_float("alpha")));
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));

  // K^T is d x N: element (t, j) = K[j][t].
  const judge::reference::FloatMatrix qm{q.data(), d, 1};
  const judge::reference::FloatMatrix kt{k.data(), 1, d};
  judge::reference::product(qm, kt, m, n, d, [&](std::size_t i, const double* dots) {
    std::vector<double> p(n);
    double max_score = -std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < n; ++j) {
      p[j] = dots[j] * scale + alpha * (static_cast<double>(i) - static_cast<double>(j));
      if (p[j] > max_score) max_score = p[j];
    }
    double sum = 0;
    for (std::size_t j = 0; j < n; ++j) {
      p[j] = std::exp(p[j] - max_score);
      sum += p[j];
    }
    std::vector<double> acc(d, 0.0);
    for (std::size_t j = 0; j < n; ++j) alibi_add_scaled(acc.data(), p[j], v.data() + j * d, d);
    for (std::size_t c = 0; c < d; ++c) out[i * d + c] = static_cast<float>(acc[c] / sum);
  });
}
