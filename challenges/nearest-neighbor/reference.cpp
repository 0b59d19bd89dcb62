// CPU reference for nearest-neighbor: for every point the index of the nearest other point, by
// squared Euclidean distance in double (exact for float coordinates of this range, up to the last
// bits of a 53-bit sum). The official reference breaks a tie to the lowest index, which the
// statement does not say; so the tests must have no ties, and this reference refuses a case in
// which the nearest and the second-nearest distance of some point are within a relative 2e-6
// (over five times the worst float32 rounding, so every way of computing the distance in float
// agrees on the answer).
//
// Points are swept in order of x: a candidate whose x differs by more than the current
// second-nearest distance cannot change the answer, so uniform data costs O(N^(5/3)), not O(N^2).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("nearest-neighbor", args) {
  const auto p = args.in<float>("points");
  const auto indices = args.out<std::int32_t>("indices");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  if (n < 2) throw std::invalid_argument("N = 1 has no other point: the tests use N >= 2");

  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return p[3 * a] < p[3 * b] || (p[3 * a] == p[3 * b] && a < b); });
  std::vector<std::string> ambiguous(n);

  judge::reference::parallel_for(n, [&](std::size_t pos) {
    const std::size_t i = order[pos];
    const double x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
    double best = std::numeric_limits<double>::infinity(), second = best;
    std::size_t best_j = 0;
    auto visit = [&](std::size_t j) {
      const double dx = x - p[3 * j], dy = y - p[3 * j + 1], dz = z - p[3 * j + 2];
      const double d = dx * dx + dy * dy + dz * dz;
      if (d < best || (d == best && j < best_j)) {
        second = best;
        best = d;
        best_j = j;
      } else if (d < second) {
        second = d;
      }
    };
    for (std::size_t q = pos + 1; q < n; ++q) {  // rightwards while the x gap can still matter
      const double dx = p[3 * order[q]] - x;
      if (dx * dx > second) break;
      visit(order[q]);
    }
    for (std::size_t q = pos; q-- > 0;) {  // leftwards likewise
      const double dx = x - p[3 * order[q]];
      if (dx * dx > second) break;
      visit(order[q]);
    }
    indices[i] = static_cast<std::int32_t>(best_j);
    if (!(second - best > 2e-6 * best))
      ambiguous[i] = "point " + std::to_string(i) +
                     " has two nearest points within a relative 2e-6 (squared distances " + std::to_string(best) +
                     " and " + std::to_string(second) + ")";
  });
  for (const auto& message : ambiguous)
    if (!message.empty()) throw std::invalid_argument("the case has no unique answer: " + message);
}
