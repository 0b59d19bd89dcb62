// CPU reference for "categorical-cross-entropy-loss": the mean over the N rows of
// log(sum_k exp(z_k)) - z_label, each row's log-sum-exp taken stably around the row's maximum,
// all in double precision; loss[0] is the mean rounded to float once.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("categorical-cross-entropy-loss", args) {
  const auto logits = args.in<float>("logits");
  const auto labels = args.in<std::int32_t>("true_labels");
  const auto loss = args.out<float>("loss");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto c = static_cast<std::size_t>(args.scalar_int("C"));

  // One row per call, then the row losses added in order: the same sum on any number of threads.
  std::vector<double> row_loss(n, 0.0);
  judge::reference::parallel_for(n, [&](std::size_t i) {
    const float* z = &logits[i * c];
    double m = z[0];
    for (std::size_t k = 1; k < c; ++k) m = std::max(m, static_cast<double>(z[k]));
    double s = 0;
    for (std::size_t k = 0; k < c; ++k) s += std::exp(static_cast<double>(z[k]) - m);
    const auto label = static_cast<std::size_t>(labels[i]);  // in [0, C) by the constraints
    row_loss[i] = (m - static_cast<double>(z[label])) + std::log(s);
  });
  double total = 0;
  for (const double l : row_loss) total += l;
  loss[0] = static_cast<float>(total / static_cast<double>(n));
}
