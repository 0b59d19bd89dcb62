// CPU reference for "row-softmax": the max-subtracted softmax of every row of a row-major
// M x N matrix, in double precision, rounded to float per element. Rows are independent, so
// they are split across threads; each row's sum is added in order.
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("row-softmax", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));

  judge::reference::parallel_for(m, [&](std::size_t r) {
    const float* row = &input[r * n];
    float* out = &output[r * n];
    double max_value = row[0];
    for (std::size_t j = 1; j < n; ++j) max_value = std::max(max_value, static_cast<double>(row[j]));
    double sum = 0;
    for (std::size_t j = 0; j < n; ++j) sum += std::exp(static_cast<double>(row[j]) - max_value);
    for (std::size_t j = 0; j < n; ++j)
      out[j] = static_cast<float>(std::exp(static_cast<double>(row[j]) - max_value) / sum);
  });
}
