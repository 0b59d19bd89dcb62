// CPU reference for grouped-query-attention: query head h attends with key/value head
// g = h / (num_q_heads / num_kv_heads), output[h] = softmax(Q[h] K[g]^T * (1/sqrt(head_dim))) V[g],
// no mask. Scores are exact double sums (reference::product, blocked and on every core); the
// max-subtracted softmax and the weighted sum of V's rows are in double too, and each output
// element is rounded to float once.
//
// With the [heads][seq_len][head_dim] layout the query heads of one group are consecutive, so the
// group is a single (group * seq_len) x head_dim matrix multiplied by K[g]^T: one product per
// key/value head, which hands over one query row at a time (from several threads at once), and
// that row's softmax and sum over V run there.
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "reference/dense.hpp"
#include "reference/reference.hpp"

namespace {

// acc[c] += p * v[c] for c < n: the inner loop of P V, built for AVX2 too (the 17 GFLOP
// performance case then prepares in seconds).
__attribute__((target_clones("arch=x86-64-v3", "default"))) void gqa_add_scaled(double* acc, double p, const float* v,
                                                                                std::size_t n) {
  for (std::size_t c = 0; c < n; ++c) acc[c] += p * static_cast<double>(v[c]);
}

}  // namespace

JUDGE_REFERENCE("grouped-query-attention", args) {
  const auto q = args.in<float>("Q");
  const auto k = args.in<float>("K");
  const auto v = args.in<float>("V");
  const auto out = args.out<float>("output");
  const auto q_heads = static_cast<std::size_t>(args.scalar_int("num_q_heads"));
  const auto kv_heads = static_cast<std::size_t>(args.scalar_int("num_kv_heads"));
  const auto s = static_cast<std::size_t>(args.scalar_int("seq_len"));
  const auto d = static_cast<std::size_t>(args.scalar_int("head_dim"));
  const std::size_t group = q_heads / kv_heads;
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));

  for (std::size_t g = 0; g < kv_heads; ++g) {
    const std::size_t first_row = g * group * s;  // row of Q and output where the group starts
    const float* kg = k.data() + g * s * d;
    const float* vg = v.data() + g * s * d;
    // K[g]^T is head_dim x seq_len: element (t, j) = K[g][j][t].
    const judge::reference::FloatMatrix qm{q.data() + first_row * d, d, 1};
    const judge::reference::FloatMatrix kt{kg, 1, d};
    judge::reference::product(qm, kt, group * s, s, d, [&](std::size_t r, const double* dots) {
      std::vector<double> p(s);
      double max_score = -std::numeric_limits<double>::infinity();
      for (std::size_t j = 0; j < s; ++j) {
        p[j] = dots[j] * scale;
        if (p[j] > max_score) max_score = p[j];
      }
      double sum = 0;
      for (std::size_t j = 0; j < s; ++j) {
        p[j] = std::exp(p[j] - max_score);
        sum += p[j];
      }
      std::vector<double> acc(d, 0.0);
      for (std::size_t j = 0; j < s; ++j) gqa_add_scaled(acc.data(), p[j], vg + j * d, d);
      float* row = out.data() + (first_row + r) * d;
      for (std::size_t c = 0; c < d; ++c) row[c] = static_cast<float>(acc[c] / sum);
    });
  }
}
