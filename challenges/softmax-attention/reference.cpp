// CPU reference for softmax-attention: output = softmax(Q K^T / sqrt(d)) V, one query row at a
// time in double precision (max-subtracted softmax), rounded to float per element.
//
// Large cases are checked on a sample of output elements (challenge.json "check"): then only the
// rows holding a sampled element are computed, and in them only the sampled columns.
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "reference/reference.hpp"

namespace {

// The columns of one output row to compute (all of them when not sampled).
struct RowWork {
  std::size_t row = 0;
  std::vector<std::size_t> cols;
};

std::vector<RowWork> rows_to_compute(const judge::reference::Args& args, std::size_t m, std::size_t d) {
  std::vector<RowWork> work;
  if (!args.sampled()) {
    work.resize(m);
    for (std::size_t i = 0; i < m; ++i) work[i].row = i;
    return work;
  }
  for (const std::size_t idx : args.sample("output")) {  // sorted, so one row's columns are adjacent
    if (work.empty() || work.back().row != idx / d) work.push_back({idx / d, {}});
    work.back().cols.push_back(idx % d);
  }
  return work;
}

}  // namespace

JUDGE_REFERENCE("softmax-attention", args) {
  const auto q = args.in<float>("Q");
  const auto k = args.in<float>("K");
  const auto v = args.in<float>("V");
  const auto out = args.out<float>("output");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto d = static_cast<std::size_t>(args.scalar_int("d"));
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));
  const std::vector<RowWork> work = rows_to_compute(args, m, d);

  judge::reference::parallel_for(work.size(), [&](std::size_t w) {
    const std::size_t i = work[w].row;
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
    if (work[w].cols.empty()) {  // the whole row: accumulate rows of V (cache-friendly)
      std::vector<double> acc(d, 0.0);
      for (std::size_t j = 0; j < n; ++j)
        for (std::size_t c = 0; c < d; ++c) acc[c] += p[j] * static_cast<double>(v[j * d + c]);
      for (std::size_t c = 0; c < d; ++c) out[i * d + c] = static_cast<float>(acc[c] / sum);
    } else {
      for (const std::size_t c : work[w].cols) {
        double acc = 0;
        for (std::size_t j = 0; j < n; ++j) acc += p[j] * static_cast<double>(v[j * d + c]);
        out[i * d + c] = static_cast<float>(acc / sum);
      }
    }
  });
}
