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

  double sum = 0.0;
  for (const float value : input) sum += std::exp(static_cast<double>(value) - max_value);

  for (std::size_t i = 0; i < input.size(); ++i) {
    output[i] = static_cast<float>(std::exp(static_cast<double>(input[i]) - max_value) / sum);
  }
}
