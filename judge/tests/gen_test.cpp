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
  EXPECT_EQ(static_cast<float>(gen::generate_value(src, 42, gen::stream_of("A"), 2'999'999)), big.back());
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
  const double u0 = gen::generate_value(u, 0, s, 0), n0 = gen::generate_value(n, 0, s, 0),
               r0 = gen::generate_value(r, 0, s, 0);
  EXPECT_GE(u0, 0.0);
  EXPECT_LT(u0, 1.0);
  EXPECT_EQ(gen::generate_value(u, 0, s, 0), u0);
  EXPECT_EQ(gen::generate_value(n, 0, s, 0), n0);
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

}  // namespace
}  // namespace judge
