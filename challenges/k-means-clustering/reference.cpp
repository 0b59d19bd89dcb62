// CPU reference for k-means-clustering: exactly max_iterations Lloyd steps from the given
// centroids, as the official reference runs them (no early exit). A step labels every point
// with its nearest centroid by squared distance (ties to the lowest index), then moves every
// centroid that has points to their mean; a centroid without points keeps its place. The labels
// written are those of the last step.
//
// Labels are integers compared exactly, and one flipped label moves a centroid far past the
// 1e-4 tolerance in the following steps, so every case must have labels that no float32 way of
// computing them can change. This reference checks that at every step: for each point, the
// second-nearest centroid must be farther than the nearest by a margin over twice the worst
// float32 error of a squared distance, including the error of the centroids themselves (a
// float32 sum of the cluster's points in any order; exact when the coordinates are integers and
// small enough that every partial sum is). It also requires the last step to have converged
// (labelling the points again with the final centroids changes nothing), so solutions that
// label before or after the last move agree. A case that breaks either rule is refused.
// Centroid sums are taken in double (exact for integer data), each mean rounded to float once.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/reference.hpp"

namespace {

struct Assignment {
  std::vector<std::int32_t> label;
  std::vector<double> gap;  // second-nearest minus nearest squared distance
};

Assignment assign(std::span<const float> x, std::span<const float> y, const std::vector<float>& cx,
                  const std::vector<float>& cy) {
  const std::size_t n = x.size(), k = cx.size();
  Assignment a{std::vector<std::int32_t>(n), std::vector<double>(n)};
  judge::reference::parallel_for(n, [&](std::size_t i) {
    double best = std::numeric_limits<double>::infinity(), second = best;
    std::int32_t best_c = 0;
    for (std::size_t c = 0; c < k; ++c) {
      const double dx = static_cast<double>(x[i]) - cx[c], dy = static_cast<double>(y[i]) - cy[c];
      const double d = dx * dx + dy * dy;
      if (d < best) {
        second = best;
        best = d;
        best_c = static_cast<std::int32_t>(c);
      } else if (d < second) {
        second = d;
      }
    }
    a.label[i] = best_c;
    a.gap[i] = second - best;
  });
  return a;
}

}  // namespace

JUDGE_REFERENCE("k-means-clustering", args) {
  const auto x = args.in<float>("data_x");
  const auto y = args.in<float>("data_y");
  const auto cx0 = args.in<float>("initial_centroid_x");
  const auto cy0 = args.in<float>("initial_centroid_y");
  const auto labels = args.out<std::int32_t>("labels");
  const auto out_x = args.out<float>("final_centroid_x");
  const auto out_y = args.out<float>("final_centroid_y");
  const auto n = static_cast<std::size_t>(args.scalar_int("sample_size"));
  const auto k = static_cast<std::size_t>(args.scalar_int("k"));
  const auto iterations = args.scalar_int("max_iterations");
  std::vector<float> cx(cx0.begin(), cx0.begin() + k), cy(cy0.begin(), cy0.begin() + k);

  // The margin. u is float32's unit roundoff; span bounds every coordinate difference.
  const double u = std::ldexp(1.0, -24);
  double lo = std::numeric_limits<double>::infinity(), hi = -lo, biggest = 0;
  bool integers = true;
  auto see = [&](double v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    biggest = std::max(biggest, std::fabs(v));
  };
  for (std::size_t i = 0; i < n; ++i) {
    see(x[i]);
    see(y[i]);
    integers = integers && x[i] == std::floor(x[i]) && y[i] == std::floor(y[i]);
  }
  for (std::size_t c = 0; c < k; ++c) {
    see(cx[c]);
    see(cy[c]);
  }
  const double reach = std::sqrt(2.0) * (hi - lo);  // the largest point-to-centroid distance
  // A cluster's float32 sum is exact in any order when all its partial sums are integers below 2^24.
  const bool exact_sums = integers && static_cast<double>(n) * biggest < 16777216.0;
  const double centroid_error = exact_sums ? 2 * u * biggest : static_cast<double>(n) * u * biggest;
  const double distance_error = 4 * u * reach * reach + 2 * std::sqrt(2.0) * reach * centroid_error;
  const double margin = 4 * distance_error;  // two distances, each off by distance_error, and a factor 2

  auto check = [&](const Assignment& a, const std::string& when) {
    for (std::size_t i = 0; i < n; ++i)
      if (!(a.gap[i] > margin))
        throw std::invalid_argument("the labels are not unique by a safe margin " + when + ": point " +
                                    std::to_string(i) + " has two centroids within " + std::to_string(a.gap[i]) +
                                    " in squared distance (the margin is " + std::to_string(margin) + ")");
  };

  Assignment a;
  for (std::int64_t it = 0; it < iterations; ++it) {
    a = assign(x, y, cx, cy);
    check(a, "at step " + std::to_string(it + 1));
    std::vector<double> sx(k, 0.0), sy(k, 0.0);
    std::vector<std::size_t> count(k, 0);
    for (std::size_t i = 0; i < n; ++i) {
      sx[a.label[i]] += x[i];
      sy[a.label[i]] += y[i];
      ++count[a.label[i]];
    }
    for (std::size_t c = 0; c < k; ++c) {
      if (count[c] == 0) continue;  // an empty cluster keeps its centroid
      cx[c] = static_cast<float>(sx[c] / static_cast<double>(count[c]));
      cy[c] = static_cast<float>(sy[c] / static_cast<double>(count[c]));
    }
  }
  const Assignment after = assign(x, y, cx, cy);
  check(after, "with the final centroids");
  if (after.label != a.label)
    throw std::invalid_argument(
        "the case has not converged after max_iterations steps: the final centroids "
        "would label some points differently from the last step");
  for (std::size_t i = 0; i < n; ++i) labels[i] = a.label[i];
  for (std::size_t c = 0; c < k; ++c) {
    out_x[c] = cx[c];
    out_y[c] = cy[c];
  }
}
