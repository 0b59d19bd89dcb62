// CPU reference for "dpo-sequence-loss": output[0] = -mean over the B pairs of logsigmoid(z),
// z = beta * ((chosen - rejected) - (chosen_ref - rejected_ref)). As in the official reference the
// margins are subtracted in that order in float32, z is a float32 product, and logsigmoid is the
// stable float32 form min(z, 0) - log1p(exp(-|z|)); only the sum over the pairs is kept in double,
// standing in for the official float32 torch.mean, then divided and rounded to float once.
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("dpo-sequence-loss", args) {
  const auto chosen = args.in<float>("chosen_logps");
  const auto rejected = args.in<float>("rejected_logps");
  const auto chosen_ref = args.in<float>("chosen_ref_logps");
  const auto rejected_ref = args.in<float>("rejected_ref_logps");
  const auto output = args.out<float>("output");
  const auto beta = static_cast<float>(args.scalar_float("beta"));
  const std::size_t n = chosen.size();  // B

  // In fixed blocks (reference::parallel_sum): the same value on any number of threads.
  const double sum = judge::reference::parallel_sum(n, [&](std::size_t i) {
    const float margin = (chosen[i] - rejected[i]) - (chosen_ref[i] - rejected_ref[i]);
    const float z = beta * margin;
    const float log_sigmoid = std::min(z, 0.0f) - std::log1p(std::exp(-std::fabs(z)));  // float overloads
    return static_cast<double>(log_sigmoid);
  });
  output[0] = static_cast<float>(-(sum / static_cast<double>(n)));
}
