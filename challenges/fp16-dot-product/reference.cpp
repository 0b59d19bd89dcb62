// CPU reference for "fp16-dot-product": the sum of A[i] * B[i] over the half inputs, each
// product exact in double (11-bit significands) and the sum in double (fixed blocks,
// reference::parallel_sum, so the same on any number of threads), rounded once to float and
// then to half (round to nearest, ties to even).
#include <cstddef>
#include <cstdint>

#include "reference/reference.hpp"
#include "util/half.hpp"

JUDGE_REFERENCE("fp16-dot-product", args) {
  using judge::util::float_to_half_bits;
  using judge::util::half_bits_to_float;
  const auto a = args.in<std::uint16_t>("A");
  const auto b = args.in<std::uint16_t>("B");
  const auto result = args.out<std::uint16_t>("result");
  const double sum = judge::reference::parallel_sum(a.size(), [&](std::size_t i) {
    return static_cast<double>(half_bits_to_float(a[i])) * static_cast<double>(half_bits_to_float(b[i]));
  });
  result[0] = float_to_half_bits(static_cast<float>(sum));
}
