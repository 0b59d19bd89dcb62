// CPU reference for "token-embedding-layer": for every token (b, t), the row
// s = token_embeddings[token_ids[b][t]] + position_embeddings[position_ids[t]], added in float
// (as the official float32 reference does); its mean and biased variance (divided by D) in
// double, two passes; then output = (s - mean) / sqrt(var + eps) * gamma[d] + beta[d], rounded
// to float once. position_ids has one entry per position t, shared by every batch row b. eps is
// used as the float solve receives.
#include <cmath>
#include <cstddef>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("token-embedding-layer", args) {
  const auto token_ids = args.in<int>("token_ids");
  const auto position_ids = args.in<int>("position_ids");
  const auto token_embeddings = args.in<float>("token_embeddings");
  const auto position_embeddings = args.in<float>("position_embeddings");
  const auto gamma = args.in<float>("gamma");
  const auto beta = args.in<float>("beta");
  const auto output = args.out<float>("output");
  const auto batch = static_cast<std::size_t>(args.scalar_int("B"));
  const auto t_len = static_cast<std::size_t>(args.scalar_int("T"));
  const auto d = static_cast<std::size_t>(args.scalar_int("D"));
  const double eps = static_cast<float>(args.scalar_float("eps"));

  judge::reference::parallel_for(batch * t_len, [&](std::size_t row) {
    const std::size_t t = row % t_len;
    const float* tok = &token_embeddings[static_cast<std::size_t>(token_ids[row]) * d];
    const float* pos = &position_embeddings[static_cast<std::size_t>(position_ids[t]) * d];
    std::vector<double> s(d);
    double sum = 0;
    for (std::size_t j = 0; j < d; ++j) {
      s[j] = tok[j] + pos[j];  // the float sum, exact in double from here on
      sum += s[j];
    }
    const double mean = sum / static_cast<double>(d);
    double squares = 0;
    for (std::size_t j = 0; j < d; ++j) squares += (s[j] - mean) * (s[j] - mean);
    const double rstd = 1.0 / std::sqrt(squares / static_cast<double>(d) + eps);
    float* y = &output[row * d];
    for (std::size_t j = 0; j < d; ++j)
      y[j] = static_cast<float>((s[j] - mean) * rstd * static_cast<double>(gamma[j]) + static_cast<double>(beta[j]));
  });
}
