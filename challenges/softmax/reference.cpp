// CPU reference for "softmax": the max-subtracted softmax of one vector, in double precision,
// rounded to float per element.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

#include "reference/reference.hpp"

JUDGE_REFERENCE("softmax", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");

  double max_value = -std::numeric_limits<double>::infinity();
  for (const float value : input) max_value = std::max(max_value, static_cast<double>(value));

  // In fixed blocks (reference::parallel_sum): the same sum on any number of threads.
  const double sum = judge::reference::parallel_sum(
      input.size(), [&](std::size_t i) { return std::exp(static_cast<double>(input[i]) - max_value); });

  judge::reference::parallel_for(input.size(), [&](std::size_t i) {
    output[i] = static_cast<float>(std::exp(static_cast<double>(input[i]) - max_value) / sum);
  });
}
