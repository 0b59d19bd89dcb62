// CPU reference and acceptance rule for "top-p-sampling" (LeetGPU #60, nucleus sampling):
//   prob_j = softmax(logits)_j   (the largest logit subtracted first)
//   order the tokens by probability, largest first; C_i = sum of the first i + 1 probabilities
//   n = (first i with C_i >= p) + 1, or vocab_size when there is none   (the nucleus)
//   sampled_token = a token of the nucleus, drawn with a random number the solution makes from seed
// The answer is a sample, so it is not unique: any token of the nucleus is right, and LeetGPU's
// own statement says so (its example 1 may give 2 or 1). The judge checks membership only
// (JUDGE_ACCEPT below), never one generator's draw.
//
// The reference writes one canonical answer, the most probable token (the lowest index among
// equal largest logits): what the README examples and the `expected` literals show. Every other
// token is judged by the rule, which recomputes the nucleus in double.
//
// Where a float32 program could legitimately find another cutoff, the rule accepts both sides
// instead of refusing the case: a token is accepted when its logit is at least the boundary
// token's (less kMargin), the boundary being the nucleus's last token for p + kMargin. So
//   - a cumulative sum within kMargin above p (one float32 summation order may stay below p and
//     take one token more) accepts the tokens up to the cutoff p + kMargin gives, and
//   - a cutoff inside a run of equal (or nearly equal) logits accepts every token of the run,
//     whatever order a solution puts equal probabilities in.
// Tokens clearly past the cutoff (their logit below the boundary's by kMargin or more) are
// wrong, and so is anything that is not a token index.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

#include "reference/reference.hpp"

namespace {

constexpr double kMargin = 1e-4;

// The logit of the nucleus's last token when the cutoff is p + kMargin: every token whose logit is
// at least this (less kMargin) may be sampled.
double boundary_logit(std::span<const float> logits, double p) {
  const std::size_t v = logits.size();
  const double top = *std::max_element(logits.begin(), logits.end());
  std::vector<double> prob(v);
  double z = 0.0;
  for (std::size_t j = 0; j < v; ++j) z += prob[j] = std::exp(static_cast<double>(logits[j]) - top);
  std::vector<std::size_t> order(v);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return logits[a] > logits[b]; });
  double c = 0.0;
  for (std::size_t i = 0; i < v; ++i) {
    c += prob[order[i]] / z;
    if (c >= p + kMargin) return logits[order[i]];
  }
  return logits[order[v - 1]];  // no cumulative sum reaches it: the nucleus is every token
}

}  // namespace

JUDGE_REFERENCE("top-p-sampling", args) {
  const auto logits = args.in<float>("logits");
  const auto v = static_cast<std::size_t>(args.scalar_int("vocab_size"));
  const auto top = std::max_element(logits.begin(), logits.begin() + static_cast<std::ptrdiff_t>(v));
  args.out<std::int32_t>("sampled_token")[0] = static_cast<std::int32_t>(top - logits.begin());
}

JUDGE_ACCEPT("top-p-sampling", args, buffer, index, got) {
  if (buffer != "sampled_token" || index != 0) return false;
  const auto v = static_cast<std::size_t>(args.scalar_int("vocab_size"));
  const auto logits = args.in<float>("logits").first(v);
  if (!(got >= 0) || got >= static_cast<double>(v) || got != std::floor(got)) return false;
  const double p = args.in<float>("p")[0];
  return logits[static_cast<std::size_t>(got)] >= boundary_logit(logits, p) - kMargin;
}
