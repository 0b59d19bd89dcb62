// CPU reference for "mean-squared-error": the mean of (predictions[i] - targets[i])^2, the
// differences, squares and sum in double, divided by N and rounded to float once at the end.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("mean-squared-error", args) {
  const auto predictions = args.in<float>("predictions");
  const auto targets = args.in<float>("targets");
  const auto mse = args.out<float>("mse");
  // In fixed blocks (reference::parallel_sum): the same value on any number of threads.
  const double sum = judge::reference::parallel_sum(predictions.size(), [&](std::size_t i) {
    const double d = static_cast<double>(predictions[i]) - static_cast<double>(targets[i]);
    return d * d;
  });
  mse[0] = static_cast<float>(sum / static_cast<double>(predictions.size()));
}
