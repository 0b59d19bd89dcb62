// CPU reference for "moe-top-k-gating": for each row of logits (M x E), the k largest values in
// descending order with their column indices, and the softmax of those k values alone:
//   topk_indices[i][r] = column of the r-th largest logit of row i (r = 0 is the largest)
//   topk_weights[i][r] = exp(v_r - v_0) / sum over s < k of exp(v_s - v_0)
// (v_0 the largest: subtracting it is the usual guard against overflow and changes nothing
// else). The softmax is computed in double and rounded once.
//
// The indices are compared exactly, so every test must have one answer: in each row the k + 1
// largest logits (all E when k = E) are distinct. Then the selection and its order are the same
// for every correct program; equal values further down do not matter. A case breaking this is
// refused (std::invalid_argument), as the statement promises it never happens.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("moe-top-k-gating", args) {
  const auto logits = args.in<float>("logits");
  const auto weights = args.out<float>("topk_weights");
  const auto indices = args.out<std::int32_t>("topk_indices");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto e = static_cast<std::size_t>(args.scalar_int("E"));
  const auto k = static_cast<std::size_t>(args.scalar_int("k"));
  const std::size_t ranked = std::min(k + 1, e);  // the k chosen and the first one left out

  std::vector<std::string> ambiguous(m);
  judge::reference::parallel_for(m, [&](std::size_t i) {
    const float* row = &logits[i * e];
    std::vector<std::int32_t> order(e);
    std::iota(order.begin(), order.end(), 0);
    // Descending by value; equal values by index only so the sort is deterministic (such a row is
    // refused below when the tie matters).
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(ranked), order.end(),
                      [&](std::int32_t a, std::int32_t b) { return row[a] > row[b] || (row[a] == row[b] && a < b); });
    for (std::size_t r = 0; r + 1 < ranked; ++r)
      if (row[order[r]] == row[order[r + 1]])
        ambiguous[i] = "row " + std::to_string(i) + ": logits " + std::to_string(order[r]) + " and " +
                       std::to_string(order[r + 1]) + " are equal among the k + 1 largest";
    const double top = row[order[0]];
    double sum = 0.0;
    for (std::size_t r = 0; r < k; ++r) sum += std::exp(static_cast<double>(row[order[r]]) - top);
    for (std::size_t r = 0; r < k; ++r) {
      indices[i * k + r] = order[r];
      weights[i * k + r] = static_cast<float>(std::exp(static_cast<double>(row[order[r]]) - top) / sum);
    }
  });
  for (const auto& message : ambiguous)
    if (!message.empty()) throw std::invalid_argument("the case has no unique answer: " + message);
}
