// CPU reference for "dot-product": the sum of A[i] * B[i], each product and the running sums in
// double (exact products of two floats), rounded to float once at the end.
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("dot-product", args) {
  const auto a = args.in<float>("A");
  const auto b = args.in<float>("B");
  const auto result = args.out<float>("result");
  // In fixed blocks (reference::parallel_sum): the same value on any number of threads.
  const double sum = judge::reference::parallel_sum(
      a.size(), [&](std::size_t i) { return static_cast<double>(a[i]) * static_cast<double>(b[i]); });
  result[0] = static_cast<float>(sum);
}
