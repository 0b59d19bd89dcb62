// CPU reference for "mean-squared-error": the mean of (predictions[i] - targets[i])^2. As LeetGPU's
// reference does, each difference and each square is a float32 operation (rounded to float);
// only the sum of the squares is kept in double, so the result is the official one up to the
// summation order (a float32 tree's last bits), divided by N and rounded to float once.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("mean-squared-error", args) {
  const auto predictions = args.in<float>("predictions");
  const auto targets = args.in<float>("targets");
  const auto mse = args.out<float>("mse");
  // In fixed blocks (reference::parallel_sum): the same value on any number of threads.
  const double sum = judge::reference::parallel_sum(predictions.size(), [&](std::size_t i) {
    const float d = predictions[i] - targets[i];
    const float square = d * d;
    return static_cast<double>(square);
  });
  mse[0] = static_cast<float>(sum / static_cast<double>(predictions.size()));
}
