// Sampled checking (judging/sampling.hpp): what the sample of a performance case covers, that no
// other case is ever sampled, and comparing only the sampled indices. No GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <vector>

#include "check/compare.hpp"
#include "judging/case_data.hpp"
#include "judging/data_store.hpp"
#include "judging/sampling.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

using judging::sample_indices;

// Independent of the implementation: a boundary coordinate is one of the first two or last two,
// a multiple of 16 (hence of 32, 64, 128) or next to one.
bool boundary(std::size_t x, std::size_t n) {
  return x < 2 || x + 2 >= n || x % 16 == 0 || x % 16 == 1 || x % 16 == 15;
}

std::vector<std::int64_t> shape(std::initializer_list<std::size_t> extents) {
  return {extents.begin(), extents.end()};
}

bool contains(const std::vector<std::size_t>& sorted, std::size_t i) {
  return std::binary_search(sorted.begin(), sorted.end(), i);
}

TEST(Sampling, BoundaryCoordinatesAreTheEndsAndTheTileEdges) {
  using judging::boundary_coordinates;
  EXPECT_EQ(boundary_coordinates(1), (std::vector<std::size_t>{0}));
  EXPECT_EQ(boundary_coordinates(2), (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(boundary_coordinates(16), (std::vector<std::size_t>{0, 1, 14, 15}));
  EXPECT_EQ(boundary_coordinates(17), (std::vector<std::size_t>{0, 1, 15, 16}));
  EXPECT_EQ(boundary_coordinates(40), (std::vector<std::size_t>{0, 1, 15, 16, 17, 31, 32, 33, 38, 39}));
  for (std::size_t n : {3u, 100u, 129u, 1000u}) {
    const auto s = boundary_coordinates(n);
    for (std::size_t x = 0; x < n; ++x) EXPECT_EQ(contains(s, x), boundary(x, n)) << x << " of " << n;
  }
}

// Every element on an edge and every tile corner of a 2-D output, plus exactly `random` others.
TEST(Sampling, A2DSampleCoversEveryEdgeRowAndColumnAndEveryTileCorner) {
  const std::size_t rows = 300, cols = 200, random = 1000;
  const auto s = sample_indices(42, "C", shape({rows, cols}), random);
  EXPECT_TRUE(std::is_sorted(s.begin(), s.end()));
  EXPECT_EQ(std::adjacent_find(s.begin(), s.end()), s.end());
  std::size_t structured = 0;
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      const bool edge = r == 0 || r == rows - 1 || c == 0 || c == cols - 1;
      const bool corner = boundary(r, rows) && boundary(c, cols);
      if (!edge && !corner) continue;
      ++structured;
      EXPECT_TRUE(contains(s, r * cols + c)) << "[" << r << ", " << c << "]";
    }
  }
  EXPECT_EQ(s.size(), structured + random);
  // Each tile of 16, 32, 64 and 128 (partial ones at the ends too) has its four corners and the
  // elements either side of its boundaries.
  for (std::size_t tile : {16u, 32u, 64u, 128u}) {
    for (std::size_t r0 = 0; r0 < rows; r0 += tile) {
      for (std::size_t c0 = 0; c0 < cols; c0 += tile) {
        const std::size_t r1 = std::min(rows, r0 + tile) - 1, c1 = std::min(cols, c0 + tile) - 1;
        for (std::size_t r : {r0, r1})
          for (std::size_t c : {c0, c1}) EXPECT_TRUE(contains(s, r * cols + c)) << tile << ": " << r << ", " << c;
        if (r1 + 1 < rows) {
          EXPECT_TRUE(contains(s, (r1 + 1) * cols + c0));
        }
        if (c1 + 1 < cols) {
          EXPECT_TRUE(contains(s, r0 * cols + c1 + 1));
        }
      }
    }
  }
  // The same case draws the same sample; another seed other random elements, the same structure.
  EXPECT_EQ(s, sample_indices(42, "C", shape({rows, cols}), random));
  const auto other = sample_indices(43, "C", shape({rows, cols}), random);
  EXPECT_NE(s, other);
  EXPECT_EQ(other.size(), s.size());
}

TEST(Sampling, A3DSampleCoversEveryFaceAndTileCorner) {
  const std::size_t d0 = 20, d1 = 37, d2 = 50;
  const auto s = sample_indices(7, "output", shape({d0, d1, d2}), 64);
  std::size_t structured = 0;
  for (std::size_t a = 0; a < d0; ++a)
    for (std::size_t b = 0; b < d1; ++b)
      for (std::size_t c = 0; c < d2; ++c) {
        const bool face = a == 0 || a == d0 - 1 || b == 0 || b == d1 - 1 || c == 0 || c == d2 - 1;
        const bool corner = boundary(a, d0) && boundary(b, d1) && boundary(c, d2);
        if (!face && !corner) continue;
        ++structured;
        EXPECT_TRUE(contains(s, (a * d1 + b) * d2 + c)) << a << ", " << b << ", " << c;
      }
  EXPECT_EQ(s.size(), structured + 64);
}

TEST(Sampling, A1DSampleHasBothEndsAndEveryTileEdge) {
  const auto s = sample_indices(1, "y", {1000}, 16);
  std::size_t structured = 0;
  for (std::size_t x = 0; x < 1000; ++x) {
    if (!boundary(x, 1000)) continue;
    ++structured;
    EXPECT_TRUE(contains(s, x)) << x;
  }
  EXPECT_EQ(s.size(), structured + 16);
  EXPECT_TRUE(contains(s, 0) && contains(s, 999));
}

TEST(Sampling, SmallOutputsAreTakenWholeAndLargeOnesStayASmallFraction) {
  std::vector<std::size_t> all(100);
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  EXPECT_EQ(sample_indices(1, "C", {10, 10}, 1000), all);
  EXPECT_EQ(sample_indices(1, "C", {100}, 90), all);
  EXPECT_TRUE(sample_indices(1, "C", {0, 10}, 100).empty());
  // matrix-multiplication's performance output, 8192 x 4096: edges and corners are under 4%.
  const auto big = sample_indices(5, "C", {8192, 4096}, 8192);
  EXPECT_LT(big.size(), std::size_t{8192} * 4096 / 25);
  EXPECT_GT(big.size(), std::size_t{1536} * 768);  // at least the corners: (3 * 512) x (3 * 256)
}

TEST(Sampling, OnlyThePerformanceCaseOfAChallengeThatAsksIsSampled) {
  spec::Challenge c;
  spec::TestCase tc;
  for (spec::CaseKind kind : {spec::CaseKind::example, spec::CaseKind::functional, spec::CaseKind::performance}) {
    tc.kind = kind;
    c.performance_random_samples = 0;
    EXPECT_FALSE(judging::sampled_case(c, tc));
    c.performance_random_samples = 8192;
    EXPECT_EQ(judging::sampled_case(c, tc), kind == spec::CaseKind::performance);
  }
}

compile::Binding plain_binding(const spec::Challenge& c) {
  compile::Binding b;
  for (const spec::Param& p : c.params)
    b.params.push_back({p.pointer ? compile::ArgKind::pointer : compile::ArgKind::i64, ""});
  return b;
}

// C = A x B of a prepared matrix-multiplication case, by the plain loop.
std::vector<float> plain_product(const judging::CaseData& d, std::size_t m, std::size_t n, std::size_t k) {
  const float* a = nullptr;
  const float* b = nullptr;
  for (const exec::BufferSlot& slot : d.request.buffers) {
    if (slot.name == "A") a = reinterpret_cast<const float*>(d.shm.data() + slot.initial_offset);
    if (slot.name == "B") b = reinterpret_cast<const float*>(d.shm.data() + slot.initial_offset);
  }
  std::vector<float> c(m * k);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < k; ++j) {
      double sum = 0;
      for (std::size_t t = 0; t < n; ++t) sum += static_cast<double>(a[i * n + t]) * b[t * k + j];
      c[i * k + j] = static_cast<float>(sum);
    }
  return c;
}

struct Prepared {
  spec::TestCase tc;
  judging::CaseData data;
  std::vector<float> want;  // every element of C, by the plain loop
};

Prepared prepare(const spec::Challenge& c, spec::CaseKind kind, const judging::PrepareOptions& opt) {
  auto suite = testing::catalog().testcases(c);
  EXPECT_TRUE(suite);
  spec::TestCase tc;
  for (const spec::TestCase& x : suite->cases)
    if (x.kind == kind) tc = x;
  tc.scalars = {{"M", 70}, {"N", 90}, {"K", 40}};  // small enough for a unit test, past a 64 tile
  auto d = judging::prepare_case(c, tc, plain_binding(c), opt);
  EXPECT_TRUE(d) << d.error().message;
  std::vector<float> want = plain_product(*d, 70, 90, 40);
  return {tc, std::move(*d), std::move(want)};
}

// With sampling asked for, the last functional case is still computed and compared whole, and
// the cache keeps every expected element; the performance case alone is sampled.
TEST(Sampling, FunctionalCasesAreNeverSampledAndCachedWhole) {
  testing::TempDir dir;
  const judging::DataStore store(dir.path(), std::uint64_t{1} << 30);
  auto c = testing::catalog().challenge("matrix-multiplication");
  ASSERT_TRUE(c);
  c->performance_random_samples = 16;
  judging::PrepareOptions opt;
  opt.cache = &store;
  for (bool second : {false, true}) {
    Prepared p = prepare(*c, spec::CaseKind::functional, opt);
    EXPECT_EQ(p.data.from_cache, second) << "the second run reads the cache instead of computing";
    EXPECT_TRUE(p.data.samples.empty());
    const judging::ByteView want = p.data.expected.at("C");
    ASSERT_EQ(want.size(), p.want.size() * sizeof(float));
    EXPECT_EQ(std::memcmp(want.data(), p.want.data(), want.size()), 0) << "every element is expected";
  }
  Prepared perf = prepare(*c, spec::CaseKind::performance, {});
  ASSERT_TRUE(perf.data.samples.count("C"));
  const std::vector<std::size_t>& idx = perf.data.samples.at("C");
  EXPECT_EQ(idx, sample_indices(perf.tc.seed, "C", {70, 40}, 16));
  EXPECT_LT(idx.size(), perf.want.size());
  const auto* got = reinterpret_cast<const float*>(perf.data.expected.at("C").data());
  for (const std::size_t i : idx) EXPECT_EQ(got[i], perf.want[i]) << "sampled element " << i;
}

TEST(Sampling, CompareLooksOnlyAtTheSampledIndices) {
  std::vector<float> want(100, 1.0f), got(100, 1.0f);
  got[50] = 7.0f;  // outside the sample
  const std::vector<std::size_t> idx = {0, 10, 99};
  check::CompareOptions o;
  o.type = spec::DType::float32;
  o.tolerance = {1e-5, 1e-5};
  o.dims = {100};
  o.indices = &idx;
  auto c = check::compare_buffer("C", got.data(), want.data(), 100, o);
  EXPECT_TRUE(c.ok());
  EXPECT_EQ(c.compared, 3u);
  got[10] = 7.0f;
  c = check::compare_buffer("C", got.data(), want.data(), 100, o);
  ASSERT_EQ(c.mismatches, 1u);
  EXPECT_EQ(c.first[0].index, 10u);
}

}  // namespace
}  // namespace judge
