#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gen/generate.hpp"

namespace judge {
namespace {

using spec::DType;
using spec::InputSource;

InputSource source(InputSource::Kind k, double a, double b) {
  InputSource s;
  s.kind = k;
  s.a = a;
  s.b = b;
  return s;
}

TEST(Generate, IsAPureFunctionOfSeedNameAndIndex) {
  const auto src = source(InputSource::Kind::uniform, -1000, 1000);
  std::vector<float> big(3'000'000), small(10);
  gen::generate(src, DType::float32, 42, "A", big.data(), big.size());  // several threads
  gen::generate(src, DType::float32, 42, "A", small.data(), small.size());
  for (std::size_t i = 0; i < small.size(); ++i) EXPECT_EQ(big[i], small[i]);
  EXPECT_EQ(static_cast<float>(gen::generate_value(src, 42, gen::stream_of("A"), 2'999'999, big.size())), big.back());
  std::vector<float> other(10);
  gen::generate(src, DType::float32, 42, "B", other.data(), other.size());
  EXPECT_NE(other[0], small[0]) << "different buffers must get different data";
}

// Pinned values: if these change, every stored baseline and repro seed changes meaning.
TEST(Generate, KnownAnswers) {
  const auto u = source(InputSource::Kind::uniform, 0, 1);
  const auto n = source(InputSource::Kind::normal, 0, 1);
  const auto r = source(InputSource::Kind::randint, 0, 256);
  const std::uint64_t s = gen::stream_of("A");
  EXPECT_EQ(gen::stream_of(""), 1469598103934665603ull);
  const double u0 = gen::generate_value(u, 0, s, 0, 1), n0 = gen::generate_value(n, 0, s, 0, 1),
               r0 = gen::generate_value(r, 0, s, 0, 1);
  EXPECT_GE(u0, 0.0);
  EXPECT_LT(u0, 1.0);
  EXPECT_EQ(gen::generate_value(u, 0, s, 0, 1), u0);
  EXPECT_EQ(gen::generate_value(n, 0, s, 0, 1), n0);
  EXPECT_EQ(r0, std::floor(r0));
}

TEST(Generate, DistributionsHaveTheRightShape) {
  const std::size_t N = 200000;
  std::vector<float> v(N);
  gen::generate(source(InputSource::Kind::normal, 3, 2), DType::float32, 7, "x", v.data(), N);
  double mean = 0, var = 0;
  for (float x : v) mean += x;
  mean /= N;
  for (float x : v) var += (x - mean) * (x - mean);
  var /= N;
  EXPECT_NEAR(mean, 3.0, 0.03);
  EXPECT_NEAR(std::sqrt(var), 2.0, 0.03);

  std::vector<std::uint8_t> bytes(N);
  gen::generate(source(InputSource::Kind::randint, 0, 256), DType::uint8, 7, "img", bytes.data(), N);
  int seen_255 = 0, seen_0 = 0;
  for (auto b : bytes) seen_255 += b == 255, seen_0 += b == 0;
  EXPECT_GT(seen_255, 0);
  EXPECT_GT(seen_0, 0);

  gen::generate(source(InputSource::Kind::uniform, -10, 10), DType::float32, 1, "u", v.data(), N);
  for (float x : v) {
    ASSERT_GE(x, -10.0f);
    ASSERT_LT(x, 10.0f);
  }
}

TEST(Generate, FillArangeAndLiterals) {
  std::vector<std::int32_t> v(5);
  gen::generate(source(InputSource::Kind::arange, 10, -3), DType::int32, 0, "a", v.data(), v.size());
  EXPECT_EQ(v, (std::vector<std::int32_t>{10, 7, 4, 1, -2}));
  InputSource lit;
  lit.values = {1.5, -2, NAN};
  std::vector<float> f(3);
  gen::generate(lit, DType::float32, 0, "l", f.data(), 3);
  EXPECT_EQ(f[0], 1.5f);
  EXPECT_EQ(f[1], -2.0f);
  EXPECT_TRUE(std::isnan(f[2]));
}

TEST(Generate, SortedRisesWithinItsRange) {
  std::vector<float> f(100001);
  gen::generate(source(InputSource::Kind::sorted, -1, 1), DType::float32, 3, "A", f.data(), f.size());
  for (std::size_t i = 1; i < f.size(); ++i) ASSERT_LE(f[i - 1], f[i]) << "at " << i;
  EXPECT_GE(f.front(), -1.0f);
  EXPECT_LE(f.back(), 1.0f);
  EXPECT_LT(f.front(), -0.999f) << "the values span the range";
  EXPECT_GT(f.back(), 0.999f);

  std::vector<std::int32_t> v(1000);  // integers: non-decreasing, with repeats when the range is narrow
  gen::generate(source(InputSource::Kind::sorted, 0, 10), DType::int32, 3, "B", v.data(), v.size());
  for (std::size_t i = 1; i < v.size(); ++i) ASSERT_LE(v[i - 1], v[i]);
  EXPECT_EQ(v.front(), 0);
  EXPECT_EQ(v.back(), 9);
}

TEST(Generate, SparseHasExactlyNnzNonzerosAtScatteredPlaces) {
  InputSource src = source(InputSource::Kind::sparse, -10, 10);
  for (std::size_t n : {1u, 7u, 1000u, 12345u}) {
    for (std::uint64_t nnz : {std::uint64_t{0}, std::uint64_t{1}, n / 3, std::uint64_t{n}}) {
      src.nnz = nnz;
      std::vector<float> f(n);
      gen::generate(src, DType::float32, 11, "A", f.data(), n);
      std::size_t nonzero = 0;
      for (float x : f) {
        nonzero += x != 0;
        ASSERT_GE(x, -10.0f);
        ASSERT_LT(x, 10.0f);
      }
      EXPECT_EQ(nonzero, nnz) << "n = " << n;
    }
  }
  // Not clustered at the front: a third of 12345 lands in both halves.
  src.nnz = 4115;
  std::vector<float> f(12345);
  gen::generate(src, DType::float32, 11, "A", f.data(), f.size());
  std::size_t first_half = 0;
  for (std::size_t i = 0; i < f.size() / 2; ++i) first_half += f[i] != 0;
  EXPECT_GT(first_half, 1800u);
  EXPECT_LT(first_half, 2300u);

  InputSource flags = source(InputSource::Kind::sparse, 1, 2);  // 0/1 flags with exactly 10 ones
  flags.nnz = 10;
  std::vector<std::int32_t> v(500);
  gen::generate(flags, DType::int32, 5, "flags", v.data(), v.size());
  int ones = 0;
  for (auto x : v) {
    ASSERT_TRUE(x == 0 || x == 1);
    ones += x;
  }
  EXPECT_EQ(ones, 10);
}

}  // namespace
}  // namespace judge
