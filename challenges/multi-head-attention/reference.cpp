// CPU reference for multi-head-attention: for every head hd, the columns [hd*d_k, (hd+1)*d_k) of
// output are softmax(Q_hd K_hd^T / sqrt(d_k)) V_hd, where X_hd is those columns of X and
// d_k = d_model / h. One (query row, head) at a time, in double precision with the
// max-subtracted softmax, rounded to float per element.
//
// Large cases are checked on a sample of output elements (challenge.json "check"): then only the
// (row, head) pairs holding a sampled element are computed, and in them only the sampled columns.
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

#include "reference/reference.hpp"

namespace {

// One (query row, head) pair and the columns of it to compute (all of them when empty).
struct Work {
  std::size_t row = 0, head = 0;
  std::vector<std::size_t> cols;  // column within the head
};

std::vector<Work> work_list(const judge::reference::Args& args, std::size_t n, std::size_t d_model, std::size_t h) {
  const std::size_t dk = d_model / h;
  std::vector<Work> work;
  if (!args.sampled()) {
    work.reserve(n * h);
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t hd = 0; hd < h; ++hd) work.push_back({i, hd, {}});
    return work;
  }
  // Sorted indices: one (row, head) pair's columns are adjacent.
  for (const std::size_t idx : args.sample("output")) {
    const std::size_t row = idx / d_model, col = idx % d_model;
    if (work.empty() || work.back().row != row || work.back().head != col / dk) work.push_back({row, col / dk, {}});
    work.back().cols.push_back(col % dk);
  }
  return work;
}

}  // namespace

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
  const std::vector<Work> work = work_list(args, n, d_model, h);

  judge::reference::parallel_for(work.size(), [&](std::size_t w) {
    const std::size_t i = work[w].row, col0 = work[w].head * dk;
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
    if (work[w].cols.empty()) {  // the whole head slice of the row: accumulate rows of V
      std::vector<double> acc(dk, 0.0);
      for (std::size_t j = 0; j < n; ++j)
        for (std::size_t c = 0; c < dk; ++c) acc[c] += p[j] * static_cast<double>(v[j * d_model + col0 + c]);
      for (std::size_t c = 0; c < dk; ++c) out[i * d_model + col0 + c] = static_cast<float>(acc[c] / sum);
    } else {
      for (const std::size_t c : work[w].cols) {
        double acc = 0;
        for (std::size_t j = 0; j < n; ++j) acc += p[j] * static_cast<double>(v[j * d_model + col0 + c]);
        out[i * d_model + col0 + c] = static_cast<float>(acc / sum);
      }
    }
  });
}
