// CPU reference for simple-inference: output[b][o] = bias[o] + sum_i input[b][i] * weight[o][i]
// (nn.Linear with weight stored out_features x in_features), every dot product accumulated in
// double with the bias and rounded to float once.
//
// Both rows of a dot product are contiguous, so each output element is one pass over two rows,
// split over four accumulators so the additions do not wait on each other. The parallel loop runs
// over output elements (not rows) so that small batches still use every core.
#include <cstddef>

#include "reference/reference.hpp"

namespace {

double dot(const float* a, const float* b, std::size_t n) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += static_cast<double>(a[i + 0]) * static_cast<double>(b[i + 0]);
    s1 += static_cast<double>(a[i + 1]) * static_cast<double>(b[i + 1]);
    s2 += static_cast<double>(a[i + 2]) * static_cast<double>(b[i + 2]);
    s3 += static_cast<double>(a[i + 3]) * static_cast<double>(b[i + 3]);
  }
  for (; i < n; ++i) s0 += static_cast<double>(a[i]) * static_cast<double>(b[i]);
  return (s0 + s1) + (s2 + s3);
}

}  // namespace

JUDGE_REFERENCE("simple-inference", args) {
  const auto input = args.in<float>("input");
  const auto weight = args.in<float>("weight");
  const auto bias = args.in<float>("bias");
  const auto output = args.out<float>("output");
  const auto batch = static_cast<std::size_t>(args.scalar_int("batch_size"));
  const auto in = static_cast<std::size_t>(args.scalar_int("in_features"));
  const auto out = static_cast<std::size_t>(args.scalar_int("out_features"));

  const auto element = [&](std::size_t idx) {
    const std::size_t b = idx / out;
    const std::size_t o = idx % out;
    output[idx] = static_cast<float>(static_cast<double>(bias[o]) + dot(&input[b * in], &weight[o * in], in));
  };
  judge::reference::parallel_for(batch * out, element);
}
