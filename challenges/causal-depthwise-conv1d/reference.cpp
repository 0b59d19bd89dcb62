// CPU reference for "causal-depthwise-conv1d": output[b,l,d] = bias[d] + sum over k < K with
// l - k >= 0 of weight[d,k] * x[b,l-k,d] (channels-last, weight[d,0] on the current step, zero
// padding on the left). Each output's at most 9 terms are added in double and rounded to float once:
// the exact float32 result, from which any float32 order of the terms differs by a few ulp.
#include <cstddef>
#include <cstdint>

#include "reference/reference.hpp"

JUDGE_REFERENCE("causal-depthwise-conv1d", args) {
  const auto x = args.in<float>("x");
  const auto weight = args.in<float>("weight");
  const auto bias = args.in<float>("bias");
  const auto output = args.out<float>("output");
  const auto B = static_cast<std::size_t>(args.scalar_int("B"));
  const auto L = static_cast<std::size_t>(args.scalar_int("L"));
  const auto D = static_cast<std::size_t>(args.scalar_int("D"));
  const auto K = static_cast<std::size_t>(args.scalar_int("K"));

  // One (b, l) row of D channels per call: every output written once, on any number of threads.
  judge::reference::parallel_for(B * L, [&](std::size_t row) {
    const std::size_t l = row % L;
    const std::size_t taps = l + 1 < K ? l + 1 : K;  // steps before the sequence start are zero
    for (std::size_t d = 0; d < D; ++d) {
      double acc = bias[d];
      for (std::size_t k = 0; k < taps; ++k)
        acc += static_cast<double>(weight[d * K + k]) * static_cast<double>(x[(row - k) * D + d]);
      output[row * D + d] = static_cast<float>(acc);
    }
  });
}
