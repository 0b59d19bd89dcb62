// CPU reference for "reduction": the sum of every input element, accumulated in double and
// rounded to float once at the end.
#include "reference/reference.hpp"

JUDGE_REFERENCE("reduction", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");
  double sum = 0.0;
  for (const float value : input) sum += static_cast<double>(value);
  output[0] = static_cast<float>(sum);
}
