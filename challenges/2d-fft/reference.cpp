// CPU reference for "2d-fft": the unnormalised forward 2-D DFT of an M x N row-major grid of
// complex floats (re, im interleaved): a 1-D DFT of every row, then of every column, in double
// (radix-2 FFTs; Bluestein's chirp-z transform for lengths that are not powers of two), rounded
// to float once at the end. LeetGPU's reference is torch.fft.fft2 in float32; the double one is
// closer to the exact transform, and a correct float32 FFT stays far inside the 1e-2 tolerance.
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <numbers>
#include <vector>

#include "reference/reference.hpp"

namespace {

using cd = std::complex<double>;

std::size_t pow2_at_least(std::size_t n) {
  std::size_t m = 1;
  while (m < n) m <<= 1;
  return m;
}

// Twiddles e^{-2 pi i j / n}, j < n / 2, each from its own angle.
std::vector<cd> twiddles(std::size_t n) {
  std::vector<cd> w(n / 2);
  for (std::size_t j = 0; j < n / 2; ++j) {
    const double angle = -2.0 * std::numbers::pi * static_cast<double>(j) / static_cast<double>(n);
    w[j] = cd(std::cos(angle), std::sin(angle));
  }
  return w;
}

// In-place radix-2 FFT of a power-of-two length with the forward twiddles w; `inverse` conjugates
// them (unnormalised).
void fft_pow2(std::vector<cd>& a, const std::vector<cd>& w, bool inverse) {
  const std::size_t n = a.size();
  for (std::size_t i = 1, j = 0; i < n; ++i) {
    std::size_t bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) std::swap(a[i], a[j]);
  }
  for (std::size_t len = 2; len <= n; len <<= 1) {
    const std::size_t step = n / len;
    for (std::size_t i = 0; i < n; i += len) {
      for (std::size_t j = 0; j < len / 2; ++j) {
        const cd t = inverse ? std::conj(w[j * step]) : w[j * step];
        const cd u = a[i + j], v = a[i + j + len / 2] * t;
        a[i + j] = u + v;
        a[i + j + len / 2] = u - v;
      }
    }
  }
}

// Everything a length-n forward DFT needs, computed once and shared by every line of that length.
struct Plan {
  std::size_t n, m;           // the length, and the FFT length used (n, or Bluestein's power of two)
  std::vector<cd> w;          // twiddles of the length-m FFT
  std::vector<cd> chirp, fb;  // Bluestein: e^{-i pi j^2 / n}, and the FFT of its conjugate's filter

  explicit Plan(std::size_t len) : n(len), m((len & (len - 1)) == 0 ? len : pow2_at_least(2 * len - 1)) {
    w = twiddles(m);
    if (m == n) return;
    chirp.resize(n);
    for (std::size_t j = 0; j < n; ++j) {  // j^2 reduced mod 2n exactly, so the angle is exact
      const auto r = static_cast<std::uint64_t>(j) * j % (2 * n);
      const double angle = -std::numbers::pi * static_cast<double>(r) / static_cast<double>(n);
      chirp[j] = cd(std::cos(angle), std::sin(angle));
    }
    fb.assign(m, cd(0, 0));
    fb[0] = std::conj(chirp[0]);
    for (std::size_t j = 1; j < n; ++j) fb[j] = fb[m - j] = std::conj(chirp[j]);
    fft_pow2(fb, w, false);
  }

  // The forward DFT of x (length n), in place.
  void run(std::vector<cd>& x) const {
    if (m == n) {
      fft_pow2(x, w, false);
      return;
    }
    std::vector<cd> a(m, cd(0, 0));
    for (std::size_t j = 0; j < n; ++j) a[j] = x[j] * chirp[j];
    fft_pow2(a, w, false);
    for (std::size_t j = 0; j < m; ++j) a[j] *= fb[j];
    fft_pow2(a, w, true);
    for (std::size_t k = 0; k < n; ++k) x[k] = a[k] * chirp[k] / static_cast<double>(m);
  }
};

}  // namespace

JUDGE_REFERENCE("2d-fft", args) {
  const auto signal = args.in<float>("signal");
  const auto spectrum = args.out<float>("spectrum");
  const auto M = static_cast<std::size_t>(args.scalar_int("M"));
  const auto N = static_cast<std::size_t>(args.scalar_int("N"));
  std::vector<cd> grid(M * N);
  const Plan row_plan(N), column_plan(M);
  judge::reference::parallel_for(M, [&](std::size_t r) {
    std::vector<cd> line(N);
    for (std::size_t c = 0; c < N; ++c) line[c] = cd(signal[2 * (r * N + c)], signal[2 * (r * N + c) + 1]);
    row_plan.run(line);
    for (std::size_t c = 0; c < N; ++c) grid[r * N + c] = line[c];
  });
  judge::reference::parallel_for(N, [&](std::size_t c) {
    std::vector<cd> line(M);
    for (std::size_t r = 0; r < M; ++r) line[r] = grid[r * N + c];
    column_plan.run(line);
    for (std::size_t r = 0; r < M; ++r) {
      spectrum[2 * (r * N + c)] = static_cast<float>(line[r].real());
      spectrum[2 * (r * N + c) + 1] = static_cast<float>(line[r].imag());
    }
  });
}
