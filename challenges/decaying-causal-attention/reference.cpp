// CPU reference for decaying-causal-attention:
//   output[n] = sum over m <= n of gamma^(n-m) * (Q[n] . K[m]) / sqrt(d) * V[m]
// in double, through the recurrent form of the same sum: the state S_n = gamma * S_{n-1} +
// K[n]^T V[n] (a d x d matrix) holds every earlier key and value with its decay applied, and
// output[n] = Q[n] S_n / sqrt(d). That is O(seq_len * d^2) instead of O(seq_len^2 * d), so the
// largest allowed case (8192 x 256) takes about a second on one core. Double keeps the repeated
// multiplications by gamma and the long sums (gamma = 1) far below the 1e-3 tolerance.
#include <cmath>
#include <cstddef>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("decaying-causal-attention", args) {
  const auto q = args.in<float>("Q");
  const auto k = args.in<float>("K");
  const auto v = args.in<float>("V");
  const auto out = args.out<float>("output");
  const auto n = static_cast<std::size_t>(args.scalar_int("seq_len"));
  const auto d = static_cast<std::size_t>(args.scalar_int("d_model"));
  // gamma arrives as a float32 argument: use exactly that value.
  const double gamma = static_cast<double>(static_cast<float>(args.scalar_float("gamma")));
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));

  std::vector<double> state(d * d, 0.0);  // state[i * d + j]: decayed sum of K[m][i] * V[m][j]
  std::vector<double> vrow(d);
  for (std::size_t row = 0; row < n; ++row) {
    for (std::size_t j = 0; j < d; ++j) vrow[j] = static_cast<double>(v[row * d + j]);
    for (std::size_t i = 0; i < d; ++i) {
      const double ki = static_cast<double>(k[row * d + i]);
      double* s = &state[i * d];
      for (std::size_t j = 0; j < d; ++j) s[j] = gamma * s[j] + ki * vrow[j];
    }
    std::vector<double> acc(d, 0.0);
    for (std::size_t i = 0; i < d; ++i) {
      const double qi = static_cast<double>(q[row * d + i]);
      const double* s = &state[i * d];
      for (std::size_t j = 0; j < d; ++j) acc[j] += qi * s[j];
    }
    for (std::size_t j = 0; j < d; ++j) out[row * d + j] = static_cast<float>(acc[j] * scale);
  }
}
