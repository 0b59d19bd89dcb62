// The `segments` input generator (one buffer, consecutive parts with their own generators, as a
// model's packed weights) and `"generated": true` examples, as spec/testcase.cpp loads them and
// gen/generate.cpp fills them. GPU-free.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gen/generate.hpp"
#include "spec/challenge.hpp"
#include "spec/testcase.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

using spec::DType;
using spec::InputSource;

// W packs D norm weights, a D x D matrix and D biases, as a transformer block's weights do.
const char* const kPacked = R"({
  "format": 1, "slug": "packed", "number": 98, "title": "Packed", "difficulty": "easy",
  "params": [
    {"name": "W", "type": "float32", "pointer": true, "role": "in", "shape": ["2*D + D*D"]},
    {"name": "Y", "type": "float32", "pointer": true, "role": "out", "shape": ["D"]},
    {"name": "D", "type": "int32", "range": [1, 5000]}],
  "tolerance": {"atol": 1e-5, "rtol": 1e-5},
  "work": {"bytes": "4*D"}
})";

const char* const kSegments =
    R"({"segments": [["D", {"uniform": [0.8, 1.2]}], ["D*D", {"normal": [0, 0.02]}], ["D", {"fill": 0}]]})";

std::string replace(std::string s, const std::string& from, const std::string& to) {
  const auto pos = s.find(from);
  EXPECT_NE(pos, std::string::npos) << from;
  return s.replace(pos, from.size(), to);
}

class GenerateSegments : public ::testing::Test {
 protected:
  // The suite made of `cases` (JSON objects joined by commas), or its loading error.
  Result<spec::TestSuite> load(const std::string& cases) {
    auto c = spec::load_challenge(dir_.write("packed/challenge.json", kPacked));
    EXPECT_TRUE(c) << c.error().message;
    challenge_ = *c;
    return spec::load_testcases(
        dir_.write("packed.json", R"({"format": 1, "challenge": "packed", "cases": [)" + cases + "]}"), *c);
  }
  std::string error_of(const std::string& cases) {
    auto s = load(cases);
    return s ? "" : s.error().message;
  }
  // One functional case "a" with D = `d` and W made by `w`.
  static std::string one_case(int d, const std::string& w) {
    return fmt::format(R"({{"name": "a", "kind": "functional", "scalars": {{"D": {}}}, "inputs": {{"W": {}}}}})", d, w);
  }
  testing::TempDir dir_;
  spec::Challenge challenge_;
};

TEST_F(GenerateSegments, EachSegmentHasItsOwnDistribution) {
  const int d = 1100;  // 1,212,200 elements: filled on several threads, a chunk ends inside the matrix
  auto suite = load(one_case(d, kSegments));
  ASSERT_TRUE(suite) << suite.error().message;
  const InputSource& src = suite->cases[0].inputs.at("W");
  ASSERT_EQ(src.kind, InputSource::Kind::segments);
  ASSERT_EQ(src.segments.size(), 3u);
  EXPECT_EQ(src.segments[1].count, std::uint64_t(d) * d);
  const std::size_t n = 2 * d + d * d;
  std::vector<float> w(n);
  gen::generate(src, DType::float32, 5, "W", w.data(), n);
  for (int i = 0; i < d; ++i) {
    ASSERT_GE(w[i], 0.8f);
    ASSERT_LT(w[i], 1.2f);
  }
  double mean = 0, var = 0;
  for (std::size_t i = d; i < std::size_t(d) + d * d; ++i) mean += w[i];
  mean /= double(d) * d;
  for (std::size_t i = d; i < std::size_t(d) + d * d; ++i) var += (w[i] - mean) * (w[i] - mean);
  EXPECT_NEAR(mean, 0.0, 1e-4);
  EXPECT_NEAR(std::sqrt(var / (double(d) * d)), 0.02, 2e-4);
  for (std::size_t i = n - d; i < n; ++i) ASSERT_EQ(w[i], 0.0f) << i;
}

// Element i is what the segment's generator gives element i of a buffer of its own: the same
// (seed, buffer name, index) rule as without segments, so each value is a pure function of those.
TEST_F(GenerateSegments, ValuesAreTheWholeBufferRuleAtEachIndex) {
  const int d = 40;
  auto suite = load(one_case(d, kSegments));
  ASSERT_TRUE(suite) << suite.error().message;
  const InputSource& src = suite->cases[0].inputs.at("W");
  const std::size_t n = 2 * d + d * d;
  std::vector<float> w(n), again(n), uniform(n), normal(n), other_seed(n);
  gen::generate(src, DType::float32, 9, "W", w.data(), n);
  gen::generate(src, DType::float32, 9, "W", again.data(), n);
  EXPECT_EQ(w, again);
  gen::generate(src, DType::float32, 10, "W", other_seed.data(), n);
  EXPECT_NE(w[0], other_seed[0]);
  EXPECT_NE(w[d], other_seed[d]);
  gen::generate(src.segments[0].source, DType::float32, 9, "W", uniform.data(), n);
  gen::generate(src.segments[1].source, DType::float32, 9, "W", normal.data(), n);
  // The boundary: d - 1 is the last norm weight, d the matrix's first element.
  EXPECT_EQ(w[d - 1], uniform[d - 1]);
  EXPECT_EQ(w[d], normal[d]);
  EXPECT_EQ(w[d + d * d - 1], normal[d + d * d - 1]);
  EXPECT_EQ(w[d + d * d], 0.0f);
  const std::uint64_t stream = gen::stream_of("W");
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_EQ(static_cast<float>(gen::generate_value(src, 9, stream, i, n)), w[i]) << i;
}

TEST_F(GenerateSegments, PositionsCountFromTheSegmentsFirstElement) {
  // D = 2: 8 elements. arange and sorted restart in their segment; sparse keeps its exact count.
  auto suite = load(one_case(
      2, R"({"segments": [[3, {"arange": [10, 1]}], ["D", {"sorted": [0, 1]}], [3, {"sparse": [1, 5, 6]}]]})"));
  ASSERT_TRUE(suite) << suite.error().message;
  std::vector<float> w(8);
  gen::generate(suite->cases[0].inputs.at("W"), DType::float32, 1, "W", w.data(), w.size());
  EXPECT_EQ(w[0], 10.0f);
  EXPECT_EQ(w[2], 12.0f);
  EXPECT_GE(w[3], 0.0f);
  EXPECT_LT(w[3], 0.5f) << "the first of two slices of [0, 1)";
  EXPECT_GE(w[4], 0.5f);
  int nonzero = 0;
  for (int i = 5; i < 8; ++i) nonzero += w[i] != 0;
  EXPECT_EQ(nonzero, 1);

  // Two sparse segments of one length scatter their nonzeros differently.
  InputSource sparse;
  sparse.kind = InputSource::Kind::sparse;
  sparse.a = 1;
  sparse.b = 2;
  sparse.nnz = 250;
  InputSource two;
  two.kind = InputSource::Kind::segments;
  two.segments = {{500, sparse}, {500, sparse}};
  std::vector<float> v(1000);
  gen::generate(two, DType::float32, 3, "W", v.data(), v.size());
  int first = 0, second = 0, same_place = 0;
  for (int i = 0; i < 500; ++i) {
    first += v[i] != 0;
    second += v[500 + i] != 0;
    same_place += (v[i] != 0) == (v[500 + i] != 0);
  }
  EXPECT_EQ(first, 250);
  EXPECT_EQ(second, 250);
  EXPECT_LT(same_place, 450) << "the second segment repeats the first one's positions";
}

TEST_F(GenerateSegments, LoaderErrorsNameTheCaseBufferAndPlace) {
  EXPECT_NE(error_of(one_case(3, R"({"segments": [["D", {"uniform": [0.8, 1.2]}], ["D*D", {"fill": 0}]]})"))
                .find("packed.json: $.cases[0].inputs.W.segments: case 'a': the segments of W add up to 12 "
                      "elements, the buffer holds 15"),
            std::string::npos);
  EXPECT_NE(error_of(one_case(3, R"({"segments": [["D*K", {"fill": 0}]]})")).find("$.cases[0].inputs.W.segments[0][0]"),
            std::string::npos);
  EXPECT_NE(error_of(one_case(3, R"({"segments": [["D-5", {"fill": 0}], [17, {"fill": 1}]]})"))
                .find("segments[0][0]: the count 'D-5' is negative (-2)"),
            std::string::npos);
  EXPECT_NE(error_of(one_case(3, R"({"segments": [[15, {"segments": [[15, {"fill": 0}]]}]]})"))
                .find("segments[0][1].segments: segments do not nest"),
            std::string::npos);
  EXPECT_NE(error_of(one_case(3, R"({"segments": [[15]]})")).find("segments[0]: expected [count, generator]"),
            std::string::npos);
  EXPECT_NE(error_of(one_case(3, R"({"segments": [[15, [1, 2]]]})"))
                .find("segments[0][1]: expected a generator object, got a list"),
            std::string::npos);
  EXPECT_NE(error_of(one_case(3, R"({"segments": []})")).find("got none"), std::string::npos);
  // A segment's generator is checked against the segment: here nnz against its 3 elements.
  EXPECT_NE(error_of(one_case(3, R"({"segments": [[3, {"sparse": [4, 1, 2]}], [12, {"uniform": [1, 1]}]]})"))
                .find("segments[0][1].sparse[0]: nnz must be an integer in [0, 3]"),
            std::string::npos);
  EXPECT_NE(error_of(one_case(3, R"({"segments": [[3, {"fill": 0}], [12, {"uniform": [1, 1]}]]})"))
                .find("segments[1][1].uniform: expected lo < hi"),
            std::string::npos);
  EXPECT_NE(error_of(one_case(3, R"({"segments": [[3, {"fill": 0}], [12, {"gauss": [0, 1]}]]})"))
                .find("segments[1][1].gauss: unknown generator"),
            std::string::npos);
}

TEST_F(GenerateSegments, GeneratedIsForExamplesWithAGenerator) {
  const std::string example =
      R"({"name": "example-1", "kind": "example", "generated": true, "scalars": {"D": 2}, "inputs": {"W": )" +
      std::string(kSegments) + "}}";
  auto suite = load(example);
  ASSERT_TRUE(suite) << suite.error().message;
  EXPECT_TRUE(suite->cases[0].generated);
  EXPECT_TRUE(suite->cases[0].expected.empty());
  auto plain = load(replace(example, R"("generated": true, )", ""));
  ASSERT_TRUE(plain) << plain.error().message;
  EXPECT_FALSE(plain->cases[0].generated);
  EXPECT_NE(error_of(replace(example, "\"example\"", "\"functional\""))
                .find("$.cases[0].generated: only an example case is marked generated"),
            std::string::npos);
  EXPECT_NE(error_of(replace(example, std::string(kSegments), "[1, 2, 3, 4, 5, 6, 7, 8]"))
                .find("$.cases[0].generated: every input of this example is literal"),
            std::string::npos);
  EXPECT_NE(error_of(replace(example, "\"generated\": true", "\"generated\": 1")).find("$.cases[0].generated"),
            std::string::npos);
}

}  // namespace
}  // namespace judge
