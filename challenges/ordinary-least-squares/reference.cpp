// CPU reference for ordinary-least-squares: beta solves the normal equations (X^T X) beta = X^T y,
// with X^T X and X^T y accumulated in double (reference/dense for the product), a Cholesky
// factorisation and the two triangular solves in double, rounded to float at the end.
//
// The official reference does all of this in float32. The tests are meant to accept every
// reasonable float32 method, so this reference also runs that float32 route (sums in sample
// order, the same factorisation in float) and refuses a case where it misses the double answer
// by more than a quarter of the tolerance: such a case is too ill-conditioned to judge fairly.
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/dense.hpp"
#include "reference/reference.hpp"

namespace {

// Solves G beta = b in place of b for a symmetric positive definite f x f G (row-major, only the
// lower triangle read; it is overwritten by the Cholesky factor). Returns false if G is not
// positive definite in T's precision.
template <class T>
bool cholesky_solve(std::vector<T>& g, std::vector<T>& b, std::size_t f) {
  for (std::size_t k = 0; k < f; ++k) {
    if (!(g[k * f + k] > T(0))) return false;
    const T d = std::sqrt(g[k * f + k]);
    g[k * f + k] = d;
    for (std::size_t i = k + 1; i < f; ++i) g[i * f + k] /= d;
    for (std::size_t i = k + 1; i < f; ++i)
      for (std::size_t j = k + 1; j <= i; ++j) g[i * f + j] -= g[i * f + k] * g[j * f + k];
  }
  for (std::size_t k = 0; k < f; ++k) {  // L z = b
    b[k] /= g[k * f + k];
    for (std::size_t i = k + 1; i < f; ++i) b[i] -= g[i * f + k] * b[k];
  }
  for (std::size_t k = f; k-- > 0;) {  // L^T beta = z
    b[k] /= g[k * f + k];
    for (std::size_t i = 0; i < k; ++i) b[i] -= g[k * f + i] * b[k];
  }
  return true;
}

}  // namespace

JUDGE_REFERENCE("ordinary-least-squares", args) {
  using judge::reference::FloatMatrix;
  using judge::reference::row_major;
  const auto x = args.in<float>("X");
  const auto y = args.in<float>("y");
  const auto beta = args.out<float>("beta");
  const auto n = static_cast<std::size_t>(args.scalar_int("n_samples"));
  const auto f = static_cast<std::size_t>(args.scalar_int("n_features"));

  std::vector<double> g(f * f), b(f);
  judge::reference::product(FloatMatrix{x.data(), 1, f}, row_major(x.data(), f), f, f, n,
                            [&](std::size_t i, const double* sums) {
                              for (std::size_t j = 0; j < f; ++j) g[i * f + j] = sums[j];
                            });
  judge::reference::parallel_for(f, [&](std::size_t a) {
    double s = 0;
    for (std::size_t r = 0; r < n; ++r) s += static_cast<double>(x[r * f + a]) * static_cast<double>(y[r]);
    b[a] = s;
  });
  if (!cholesky_solve(g, b, f)) throw std::invalid_argument("X^T X is not positive definite: X must have full rank");
  for (std::size_t a = 0; a < f; ++a) beta[a] = static_cast<float>(b[a]);

  // The float32 route, to refuse ill-conditioned cases.
  std::vector<float> g32(f * f), b32(f);
  judge::reference::parallel_for(f, [&](std::size_t a) {
    for (std::size_t c = 0; c <= a; ++c) {
      float s = 0;
      for (std::size_t r = 0; r < n; ++r) s += x[r * f + a] * x[r * f + c];
      g32[a * f + c] = s;
    }
    float s = 0;
    for (std::size_t r = 0; r < n; ++r) s += x[r * f + a] * y[r];
    b32[a] = s;
  });
  if (!cholesky_solve(g32, b32, f))
    throw std::invalid_argument("X^T X is not positive definite in float32: the case is too ill-conditioned");
  for (std::size_t a = 0; a < f; ++a) {
    const double want = beta[a], err = std::fabs(static_cast<double>(b32[a]) - want);
    if (!(err <= 0.25 * (0.01 + 0.01 * std::fabs(want))))
      throw std::invalid_argument("a float32 solution misses beta[" + std::to_string(a) +
                                  "] = " + std::to_string(want) + " by " + std::to_string(err) +
                                  ": the case is too ill-conditioned for the tolerance");
  }
}
