// CPU reference for "top-p-sampling" (nucleus sampling with the random number given):
//   prob_j = softmax(logits)_j
//   order the tokens by probability, largest first; C_i = sum of the first i + 1 probabilities
//   n = (first i with C_i >= p) + 1, or vocab_size when there is none   (the nucleus)
//   S = C_{n-1}, t = u * S
//   sampled_token = the token at the first position i with C_i > t (position n - 1 if none)
// That is inverse-transform sampling from the renormalised nucleus, the distribution LeetGPU
// draws from with torch.multinomial. Everything here is in double.
//
// sampled_token is compared exactly, so every test must have one answer whatever order a float32
// program sums in. The reference refuses (std::invalid_argument) a case where
//   - t, over every nucleus a cutoff within kMargin of p could give and moved by kMargin either
//     way, does not pick one position (the draw lies next to a boundary C_i), or
//   - the chosen token's logit is within kMargin of its neighbours' in the order (a tie, or a
//     near tie whose order float rounding could swap).
// Equal logits elsewhere (a cutoff inside a run of equal probabilities, say) are fine.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/reference.hpp"

namespace {

constexpr double kMargin = 1e-4;

// First i with c[i] >= x (or > x when strict); c.size() - 1 when there is none.
std::size_t first_reaching(const std::vector<double>& c, double x, bool strict) {
  for (std::size_t i = 0; i < c.size(); ++i)
    if (strict ? c[i] > x : c[i] >= x) return i;
  return c.size() - 1;
}

}  // namespace

JUDGE_REFERENCE("top-p-sampling", args) {
  const auto logits = args.in<float>("logits");
  const double p = args.in<float>("p")[0];
  const double u = args.in<float>("u")[0];
  const auto v = static_cast<std::size_t>(args.scalar_int("vocab_size"));

  const double top = *std::max_element(logits.begin(), logits.end());
  std::vector<double> prob(v);
  double z = 0.0;
  for (std::size_t j = 0; j < v; ++j) z += prob[j] = std::exp(static_cast<double>(logits[j]) - top);
  std::vector<std::size_t> order(v);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return logits[a] > logits[b]; });
  std::vector<double> c(v);
  double run = 0.0;
  for (std::size_t i = 0; i < v; ++i) c[i] = run += prob[order[i]] / z;

  const std::size_t cut = first_reaching(c, p, false);
  const std::size_t cut_lo = first_reaching(c, p - kMargin, false), cut_hi = first_reaching(c, p + kMargin, false);
  const std::size_t pick = std::min(first_reaching(c, u * c[cut], true), cut);
  const std::size_t pick_lo = first_reaching(c, u * c[cut_lo] - kMargin, true);
  const std::size_t pick_hi = first_reaching(c, u * c[cut_hi] + kMargin, true);
  if (pick_lo != pick_hi || pick_hi > cut_lo)
    throw std::invalid_argument(
        "the case has no unique answer: the draw t = u * S lies within 1e-4 of a boundary "
        "of the cumulative probabilities (positions " +
        std::to_string(pick_lo) + " to " + std::to_string(pick_hi) + ")");
  const float chosen = logits[order[pick]];
  const bool near_prev = pick > 0 && std::fabs(chosen - logits[order[pick - 1]]) < kMargin;
  const bool near_next = pick + 1 < v && std::fabs(chosen - logits[order[pick + 1]]) < kMargin;
  if (near_prev || near_next)
    throw std::invalid_argument("the case has no unique answer: the sampled token " + std::to_string(order[pick]) +
                                " has a logit within 1e-4 of its neighbour's in the order");
  args.out<std::int32_t>("sampled_token")[0] = static_cast<std::int32_t>(order[pick]);
}
