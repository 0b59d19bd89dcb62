// CPU reference for softmax-attention-backward: the gradients of O = softmax(Q K^T / sqrt(d)) V
// (no mask) with respect to Q, K and V, given dO:
//   P = softmax(S) row by row, S = Q K^T / sqrt(d)           (M x N)
//   dV = P^T dO                                              (N x d)
//   dP = dO V^T,  D_i = sum over j of P_ij dP_ij             (M x N, M)
//   dS = P * (dP - D) / sqrt(d)                              (M x N)
//   dQ = dS K,  dK = dS^T Q                                  (M x d, N x d)
// Each of the five products is reference/dense's (double sums, blocked, on every core). P and dS
// are kept as float between the products, a relative rounding of 6e-8 that moves no output by
// more than a millionth of the 1e-4 tolerance; each row's softmax and D_i are formed in double.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "reference/dense.hpp"
#include "reference/reference.hpp"

JUDGE_REFERENCE("softmax-attention-backward", args) {
  using judge::reference::FloatMatrix;
  using judge::reference::product;
  using judge::reference::row_major;
  const auto q = args.in<float>("Q");
  const auto k = args.in<float>("K");
  const auto v = args.in<float>("V");
  const auto dout = args.in<float>("dO");
  const auto dq = args.out<float>("dQ");
  const auto dk = args.out<float>("dK");
  const auto dv = args.out<float>("dV");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto d = static_cast<std::size_t>(args.scalar_int("d"));
  const double scale = 1.0 / std::sqrt(static_cast<double>(d));

  // K^T and V^T are K and V with the strides swapped: element (t, j) is K[j * d + t].
  const FloatMatrix k_t{&k[0], 1, d};
  const FloatMatrix v_t{&v[0], 1, d};
  std::vector<float> p(m * n), ds(m * n);

  product(row_major(&q[0], d), k_t, m, n, d, [&](std::size_t i, const double* s) {
    double max_s = s[0];
    for (std::size_t j = 1; j < n; ++j) max_s = std::max(max_s, s[j]);
    std::vector<double> e(n);
    double sum = 0;
    for (std::size_t j = 0; j < n; ++j) {
      e[j] = std::exp((s[j] - max_s) * scale);
      sum += e[j];
    }
    for (std::size_t j = 0; j < n; ++j) p[i * n + j] = static_cast<float>(e[j] / sum);
  });
  product(row_major(&dout[0], d), v_t, m, n, d, [&](std::size_t i, const double* dp) {
    const float* pi = &p[i * n];
    double dsum = 0;
    for (std::size_t j = 0; j < n; ++j) dsum += static_cast<double>(pi[j]) * dp[j];
    for (std::size_t j = 0; j < n; ++j)
      ds[i * n + j] = static_cast<float>(static_cast<double>(pi[j]) * (dp[j] - dsum) * scale);
  });

  // P^T and dS^T: the M x N buffers read with swapped strides.
  const FloatMatrix p_t{p.data(), 1, n};
  const FloatMatrix ds_t{ds.data(), 1, n};
  const auto store = [](float* out, std::size_t cols) {
    return [out, cols](std::size_t r, const double* sums) {
      for (std::size_t c = 0; c < cols; ++c) out[r * cols + c] = static_cast<float>(sums[c]);
    };
  };
  product(p_t, row_major(&dout[0], d), n, d, m, store(&dv[0], d));
  product(row_major(ds.data(), n), row_major(&k[0], d), m, d, n, store(&dq[0], d));
  product(ds_t, row_major(&q[0], d), n, d, m, store(&dk[0], d));
}
