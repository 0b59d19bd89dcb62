// reference/dense: the blocked product gives the plain loop's sums bit for bit, on sizes that cross
// every blocking edge (row blocks, the inner slices, the panel width), for a transposed operand
// too. No GPU.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <mutex>
#include <vector>

#include "reference/dense.hpp"

namespace judge {
namespace {

using reference::FloatMatrix;

std::vector<float> values(std::size_t n, std::uint32_t seed) {
  std::vector<float> v(n);
  std::uint32_t x = seed;
  for (float& f : v) {
    x = x * 1664525u + 1013904223u;
    f = static_cast<float>(static_cast<std::int32_t>(x >> 8) - (1 << 23)) / static_cast<float>(1 << 20);
  }
  return v;
}

// sums[i * n + j], the plain loop's: one running double sum per element, in order.
std::vector<double> plain(FloatMatrix a, FloatMatrix b, std::size_t m, std::size_t n, std::size_t k) {
  std::vector<double> s(m * n);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      double sum = 0;
      for (std::size_t t = 0; t < k; ++t) sum += static_cast<double>(a.at(i, t)) * static_cast<double>(b.at(t, j));
      s[i * n + j] = sum;
    }
  return s;
}

// The blocked product's sums, checking every row arrives once.
std::vector<double> blocked(FloatMatrix a, FloatMatrix b, std::size_t m, std::size_t n, std::size_t k) {
  std::vector<double> s(m * n);
  std::vector<int> calls(m, 0);
  std::mutex mu;
  reference::product(a, b, m, n, k, [&](std::size_t i, const double* sums) {
    std::memcpy(&s[i * n], sums, n * sizeof(double));
    std::lock_guard lk(mu);
    ++calls[i];
  });
  for (std::size_t i = 0; i < m; ++i) EXPECT_EQ(calls[i], 1) << "row " << i;
  return s;
}

TEST(Dense, ProductIsThePlainLoopBitForBit) {
  // 131 rows: two row blocks and a ragged third, not a multiple of the 6-row micro block; 37
  // columns: not a multiple of the 8-wide panel; 600 inner: two 256-long slices and a ragged one.
  const std::size_t m = 131, n = 37, k = 600;
  const auto a = values(m * k, 1), b = values(k * n, 2);
  const FloatMatrix am = reference::row_major(a.data(), k), bm = reference::row_major(b.data(), n);
  const auto want = plain(am, bm, m, n, k);
  const auto got = blocked(am, bm, m, n, k);
  EXPECT_EQ(std::memcmp(got.data(), want.data(), want.size() * sizeof(double)), 0);
}

TEST(Dense, ATransposedOperandIsTheSameDataWithTheStridesSwapped) {
  // b(t, j) = w[j][t]: a linear layer's weight, out_features x in_features.
  const std::size_t m = 7, n = 19, k = 300;
  const auto a = values(m * k, 3), w = values(n * k, 4);
  const FloatMatrix am = reference::row_major(a.data(), k), bt{w.data(), 1, k};
  const auto want = plain(am, bt, m, n, k);
  const auto got = blocked(am, bt, m, n, k);
  EXPECT_EQ(std::memcmp(got.data(), want.data(), want.size() * sizeof(double)), 0);
  EXPECT_EQ(bt.at(5, 2), w[2 * k + 5]);
}

TEST(Dense, SmallAndEmptyShapes) {
  const auto a = values(3, 5), b = values(3, 6);
  const auto got = blocked(reference::row_major(a.data(), 3), reference::row_major(b.data(), 1), 1, 1, 3);
  EXPECT_EQ(got[0],
            static_cast<double>(a[0]) * b[0] + static_cast<double>(a[1]) * b[1] + static_cast<double>(a[2]) * b[2]);
  int calls = 0;
  reference::product(reference::row_major(a.data(), 3), reference::row_major(b.data(), 0), 1, 0, 3,
                     [&](std::size_t, const double*) { ++calls; });
  EXPECT_EQ(calls, 0) << "no columns: nothing to give";
}

}  // namespace
}  // namespace judge
