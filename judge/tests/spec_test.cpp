#include <gtest/gtest.h>

#include "spec/catalog.hpp"
#include "spec/challenge.hpp"
#include "spec/testcase.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

using testing::TempDir;

const char* kGoodChallenge = R"({
  "format": 1, "slug": "toy", "number": 99, "title": "Toy", "difficulty": "easy",
  "params": [
    {"name": "A", "type": "float32", "pointer": true, "role": "in", "shape": ["M", "N"]},
    {"name": "B", "type": "float32", "pointer": true, "role": "out", "shape": ["N*M"]},
    {"name": "M", "type": "int32", "range": [1, 100]},
    {"name": "N", "type": "int32"}],
  "tolerance": {"atol": 1e-5, "rtol": 1e-5},
  "work": {"bytes": "8*M*N"}
})";

std::string load_error(const std::string& challenge_json) {
  TempDir dir;
  auto r = spec::load_challenge(dir.write("toy/challenge.json", challenge_json));
  return r ? "" : r.error().message;
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  const auto pos = s.find(from);
  EXPECT_NE(pos, std::string::npos) << from;
  return s.replace(pos, from.size(), to);
}

TEST(Challenge, LoadsAValidFile) {
  TempDir dir;
  auto c = spec::load_challenge(dir.write("toy/challenge.json", kGoodChallenge));
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->params.size(), 4u);
  EXPECT_EQ(c->signature(), "extern \"C\" void solve(const float* A, float* B, int M, int N)");
  auto dims = spec::buffer_dims(c->params[0], {{"M", 3}, {"N", 5}});
  ASSERT_TRUE(dims);
  EXPECT_EQ(*dims, (std::vector<std::int64_t>{3, 5}));
}

TEST(Challenge, ErrorsNameTheFileAndPath) {
  EXPECT_NE(load_error(replace(kGoodChallenge, "\"number\": 99", "\"number\": 99, \"colour\": 1"))
                .find("$.colour: unknown key"),
            std::string::npos);
  EXPECT_NE(load_error(replace(kGoodChallenge, "\"type\": \"int32\"}", "\"type\": \"int33\"}"))
                .find("$.params[3].type: unknown type 'int33'"),
            std::string::npos);
  EXPECT_NE(load_error(replace(kGoodChallenge, "\"N*M\"", "\"N*\"")).find("$.params[1].shape[0]"), std::string::npos);
  EXPECT_NE(load_error(replace(kGoodChallenge, "\"N*M\"", "\"N*K\"")).find("'K' is not an integer scalar parameter"),
            std::string::npos);
  EXPECT_NE(load_error(replace(kGoodChallenge, "\"title\": \"Toy\"", "\"title\": 5"))
                .find("$.title: expected a string, got an integer"),
            std::string::npos);
  EXPECT_NE(
      load_error(replace(kGoodChallenge, "\"slug\": \"toy\"", "\"slug\": \"other\"")).find("does not match the folder"),
      std::string::npos);
  const std::string syntax = load_error("{\n  \"format\": 1,\n  oops\n}");
  EXPECT_NE(syntax.find("challenge.json:3:"), std::string::npos) << syntax;
}

TEST(Challenge, SourceIsLeetgpuWithANumberOrInterviewWithout) {
  TempDir dir;
  auto leet = spec::load_challenge(dir.write("toy/challenge.json", kGoodChallenge));
  ASSERT_TRUE(leet) << leet.error().message;
  EXPECT_EQ(leet->origin(), "leetgpu #99");
  auto interview = spec::load_challenge(
      dir.write("toy/challenge.json", replace(kGoodChallenge, "\"number\": 99", "\"source\": \"interview\"")));
  ASSERT_TRUE(interview) << interview.error().message;
  EXPECT_EQ(interview->origin(), "interview");
  EXPECT_TRUE(leet->listed_before(*interview));
  auto adapted = spec::load_challenge(
      dir.write("toy/challenge.json",
                replace(kGoodChallenge, "\"number\": 99", "\"number\": 99, \"adapted\": \"takes raw pointers\"")));
  ASSERT_TRUE(adapted) << adapted.error().message;
  EXPECT_EQ(adapted->origin(), "leetgpu #99, adapted");

  EXPECT_NE(load_error(replace(kGoodChallenge, "\"number\": 99, ", "")).find("missing key 'number'"),
            std::string::npos);
  EXPECT_NE(load_error(replace(kGoodChallenge, "\"number\": 99", "\"number\": 99, \"source\": \"interview\""))
                .find("only LeetGPU challenges have a number"),
            std::string::npos);
  EXPECT_NE(load_error(replace(kGoodChallenge, "\"number\": 99", "\"number\": 99, \"source\": \"blog\""))
                .find("expected leetgpu or interview"),
            std::string::npos);
}

class TestcaseErrors : public ::testing::Test {
 protected:
  std::string error_of(const std::string& cases_json) {
    auto c = spec::load_challenge(dir_.write("toy/challenge.json", kGoodChallenge));
    EXPECT_TRUE(c);
    auto s = spec::load_testcases(
        dir_.write("toy.json", R"({"format": 1, "challenge": "toy", "cases": [)" + cases_json + "]}"), *c);
    return s ? "" : s.error().message;
  }
  TempDir dir_;
};

TEST_F(TestcaseErrors, AcceptsGeneratorsAndLiterals) {
  EXPECT_EQ(
      error_of(R"({"name": "a", "kind": "example", "scalars": {"M": 2, "N": 2}, "inputs": {"A": [[1, 2], [3, "nan"]]},
                         "expected": {"B": [1, 2, 3, 4]}},
                        {"name": "b", "kind": "performance", "scalars": {"M": 2, "N": 2}, "inputs": {"A": {"uniform": [-1, 1]}}})"),
      "");
}

TEST_F(TestcaseErrors, NamesTheCaseAndField) {
  const std::string base =
      R"({"name": "a", "kind": "functional", "scalars": {"M": 2, "N": 2}, "inputs": {"A": [1, 2, 3, 4]}})";
  EXPECT_NE(error_of(replace(base, "[1, 2, 3, 4]", "[1, 2, 3]")).find("$.cases[0].inputs.A: expected 4 values"),
            std::string::npos);
  EXPECT_NE(
      error_of(replace(base, "\"M\": 2", "\"M\": 200")).find("$.cases[0].scalars.M: 200 is outside the allowed range"),
      std::string::npos);
  EXPECT_NE(error_of(replace(base, "\"inputs\": {\"A\": [1, 2, 3, 4]}", "\"inputs\": {}")).find("missing input 'A'"),
            std::string::npos);
  EXPECT_NE(error_of(replace(base, "\"A\": [1, 2, 3, 4]", "\"A\": [1, 2, 3, 4], \"B\": [1]"))
                .find("'B' is not an input buffer"),
            std::string::npos);
  EXPECT_NE(error_of(replace(base, "\"N\": 2}", "\"N\": 2.5}")).find("int32 holds integers only"), std::string::npos);
  EXPECT_NE(error_of(replace(base, "[1, 2, 3, 4]", "{\"gauss\": [0, 1]}")).find("unknown generator"),
            std::string::npos);
  EXPECT_EQ(error_of(replace(base, "[1, 2, 3, 4]", "{\"sorted\": [-1, 1]}")), "");
  EXPECT_EQ(error_of(replace(base, "[1, 2, 3, 4]", "{\"sparse\": [4, -1, 1]}")), "");
  EXPECT_NE(error_of(replace(base, "[1, 2, 3, 4]", "{\"sparse\": [5, -1, 1]}"))
                .find("$.cases[0].inputs.A.sparse[0]: nnz must be an integer in [0, 4]"),
            std::string::npos);
  EXPECT_NE(error_of(replace(base, "[1, 2, 3, 4]", "{\"sparse\": [2, 1]}")).find("expected [nnz, lo, hi]"),
            std::string::npos);
  EXPECT_NE(error_of(replace(base, "[1, 2, 3, 4]", "{\"sorted\": [1, 1]}")).find("expected lo < hi"),
            std::string::npos);
  EXPECT_NE(
      error_of(replace(base, "\"kind\": \"functional\"", "\"kind\": \"smoke\"")).find("$.cases[0].kind: unknown kind"),
      std::string::npos);
  EXPECT_NE(error_of(base + "," + base).find("duplicate case name 'a'"), std::string::npos);
  EXPECT_NE(error_of(replace(base, "\"kind\"", "\"sede\": 1, \"kind\"")).find("$.cases[0].sede: unknown key"),
            std::string::npos);
}

// Every shipped challenge and its test cases load, with the minimum test plan of the issue.
TEST(ShippedChallenges, LoadAndHaveAFullTestPlan) {
  const spec::Catalog cat = testing::catalog();
  ASSERT_GE(cat.slugs().size(), 5u);
  for (const std::string& slug : cat.slugs()) {
    auto c = cat.challenge(slug);
    ASSERT_TRUE(c) << c.error().message;
    auto suite = cat.testcases(*c);
    ASSERT_TRUE(suite) << suite.error().message;
    int counts[3] = {0, 0, 0}, ranked = 0;
    for (const auto& tc : suite->cases) {
      ++counts[static_cast<int>(tc.kind)];
      ranked += tc.ranks;
    }
    EXPECT_GE(counts[0], 1) << slug << ": needs an example case";
    EXPECT_GE(counts[1], 8) << slug << ": needs at least 8 functional cases";
    // The official performance case, and at most one larger case beside it that ranks.
    EXPECT_TRUE(counts[2] == 1 || counts[2] == 2) << slug << ": needs one or two performance cases";
    EXPECT_EQ(ranked, 1) << slug << ": exactly one performance case ranks";
  }
}

TEST(Catalog, SuggestsTheClosestSlug) {
  auto c = testing::catalog().challenge("vector-addtion");
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("did you mean 'vector-addition'?"), std::string::npos);
}

}  // namespace
}  // namespace judge
