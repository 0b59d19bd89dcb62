// CPU reference for "fast-fourier-transform": the unnormalised forward DFT
// X[k] = sum_n x[n] e^{-2 pi i k n / N} of N complex floats (re, im interleaved), computed in
// double (a radix-2 FFT, with Bluestein's chirp-z transform for lengths that are not powers of
// two) and rounded to float once. LeetGPU's reference is a float32 FFT; the double one is closer
// to the exact transform, and a correct float32 FFT stays far inside the 1e-3 tolerance of both.
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <numbers>
#include <vector>

#include "reference/reference.hpp"

namespace {

using cd = std::complex<double>;

// In-place iterative radix-2 FFT of a power-of-two length; `sign` -1 forward, +1 inverse
// (unnormalised).
void fft_pow2(std::vector<cd>& a, int sign) {
  const std::size_t n = a.size();
  for (std::size_t i = 1, j = 0; i < n; ++i) {  // bit-reversal permutation
    std::size_t bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) std::swap(a[i], a[j]);
  }
  std::vector<cd> w(n / 2);  // twiddles e^{sign 2 pi i j / n}, each from its own angle
  for (std::size_t j = 0; j < n / 2; ++j) {
    const double angle = sign * 2.0 * std::numbers::pi * static_cast<double>(j) / static_cast<double>(n);
    w[j] = cd(std::cos(angle), std::sin(angle));
  }
  for (std::size_t len = 2; len <= n; len <<= 1) {
    const std::size_t step = n / len;
    for (std::size_t i = 0; i < n; i += len) {
      for (std::size_t j = 0; j < len / 2; ++j) {
        const cd u = a[i + j], v = a[i + j + len / 2] * w[j * step];
        a[i + j] = u + v;
        a[i + j + len / 2] = u - v;
      }
    }
  }
}

// Forward DFT of any length: a power of two directly, otherwise Bluestein's identity
// kn = (k^2 + n^2 - (k-n)^2) / 2 turns it into a convolution done with power-of-two FFTs.
std::vector<cd> dft(const std::vector<cd>& x) {
  const std::size_t n = x.size();
  if ((n & (n - 1)) == 0) {
    std::vector<cd> a = x;
    fft_pow2(a, -1);
    return a;
  }
  std::size_t m = 1;
  while (m < 2 * n - 1) m <<= 1;
  std::vector<cd> chirp(n);  // e^{-i pi j^2 / n}, with j^2 reduced mod 2n exactly in integers
  for (std::size_t j = 0; j < n; ++j) {
    const auto r = static_cast<std::uint64_t>(j) * j % (2 * n);
    const double angle = -std::numbers::pi * static_cast<double>(r) / static_cast<double>(n);
    chirp[j] = cd(std::cos(angle), std::sin(angle));
  }
  std::vector<cd> a(m), b(m);
  for (std::size_t j = 0; j < n; ++j) a[j] = x[j] * chirp[j];
  b[0] = std::conj(chirp[0]);
  for (std::size_t j = 1; j < n; ++j) b[j] = b[m - j] = std::conj(chirp[j]);
  fft_pow2(a, -1);
  fft_pow2(b, -1);
  for (std::size_t j = 0; j < m; ++j) a[j] *= b[j];
  fft_pow2(a, +1);
  std::vector<cd> out(n);
  for (std::size_t k = 0; k < n; ++k) out[k] = a[k] * chirp[k] / static_cast<double>(m);
  return out;
}

}  // namespace

JUDGE_REFERENCE("fast-fourier-transform", args) {
  const auto signal = args.in<float>("signal");
  const auto spectrum = args.out<float>("spectrum");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  std::vector<cd> x(n);
  for (std::size_t j = 0; j < n; ++j) x[j] = cd(signal[2 * j], signal[2 * j + 1]);
  const std::vector<cd> X = dft(x);
  for (std::size_t k = 0; k < n; ++k) {
    spectrum[2 * k] = static_cast<float>(X[k].real());
    spectrum[2 * k + 1] = static_cast<float>(X[k].imag());
  }
}
