// GPU-free tests of what the mismatch analysis may conclude from little evidence: relations on
// tiny outputs (exact, or nothing), precision told apart from a sum that is off by a few terms,
// and the NaN/Inf hint that names exp only where the reference calls it.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <regex>

#include "explain_scenario.hpp"

namespace judge {
namespace {

using explain::Finding;
using testing::Says;
using testing::Scenario;

bool names_exp(const std::string& sentence) {
  return std::regex_search(sentence, std::regex("\\bexp\\b"));
}

TEST(ExplainTiny, ThreeOfFourElementsShiftedByOneAreAShift) {
  Scenario s(4);
  s.want = {1.5f, -2.25f, 3.75f, 8.5f};
  s.got = {0.0f, 1.5f, -2.25f, 3.75f};  // element 0 has no source: no evidence either way
  const Finding f = s.analyze();
  EXPECT_TRUE(Says(f, "values_misplaced", "shifted by 1 (element i holds element i - 1)"));
  EXPECT_EQ(f.evidence["count"], 4);
  EXPECT_EQ(f.evidence["mapping_param"], 1);
  ASSERT_TRUE(f.evidence.contains("output")) << "a tiny output keeps its values (judging/clearer_test)";
  EXPECT_EQ(f.evidence["output"]["got"][1], 1.5);

  s.never_write(0);  // the same with element 0 never written
  EXPECT_TRUE(Says(s.analyze(), "values_misplaced", "shifted by 1"));
}

TEST(ExplainTiny, ATwoByTwoResultStoredTransposedIsATranspose) {
  Scenario s(4);
  s.dims = {2, 2};
  s.want = {19.0f, 22.0f, 43.0f, 50.0f};
  s.got = {19.0f, 43.0f, 22.0f, 50.0f};
  const Finding f = s.analyze();
  EXPECT_TRUE(Says(f, "values_misplaced", "transposed (element [r, c] holds element [c, r])"));
  EXPECT_EQ(f.evidence["mapping"], "transposed") << "not mirrored, which also swaps elements 1 and 2";
}

TEST(ExplainTiny, OneElementHalvedIsAFactor) {
  Scenario s(4);  // relu of (-2, -0.5, 0, 3.5) with its one positive element halved
  s.want = {0.0f, 0.0f, 0.0f, 3.5f};
  s.got = {0.0f, 0.0f, 0.0f, 1.75f};
  const Finding f = s.analyze();
  EXPECT_TRUE(Says(f, "constant_factor", "C[3] is 1.75 where 3.5 was expected: exactly half the expected value"));
  EXPECT_EQ(f.evidence["factor"], 0.5);
  EXPECT_EQ(f.evidence["exact"], true);

  s.got[3] = -3.5f;
  EXPECT_TRUE(Says(s.analyze(), "wrong_sign", "exactly the expected value with the opposite sign"));
}

TEST(ExplainTiny, NoRelationFromApproximateOrZeroMatches) {
  Scenario s(4);  // shifted, but each value off by rounding: on 4 elements that is no evidence
  s.want = {1.5f, -2.25f, 3.75f, 8.5f};
  s.got = {0.0f, 1.5f * (1 + 4e-6f), -2.25f * (1 + 4e-6f), 3.75f * (1 + 4e-6f)};
  s.tol = {1e-6, 1e-6};
  EXPECT_EQ(s.analyze().code, "wrong_values") << s.analyze().sentence;

  Scenario z(4);  // one nonzero value moved: a zero matching a zero says nothing
  z.want = {0.0f, 5.0f, 0.0f, 0.0f};
  z.got = {0.0f, 0.0f, 5.0f, 0.0f};
  EXPECT_EQ(z.analyze().code, "wrong_values") << z.analyze().sentence;

  Scenario f(4);  // a factor that is not a simple one, on one element
  f.want = {0.0f, 0.0f, 0.0f, 3.5f};
  f.got = {0.0f, 0.0f, 0.0f, 3.5f * 1.0002f};
  EXPECT_TRUE(Says(f.analyze(), "wrong_values", "C[3] is"));
}

// A dot product of two inputs of n elements, its exact value rounded to float as the reference's.
struct Dot {
  Scenario s{1};
  std::vector<float> a, b;
  double exact = 0;
  explicit Dot(std::size_t n) : a(n), b(n) {
    for (std::size_t i = 0; i < n; ++i) {
      a[i] = std::sin(1.3f * static_cast<float>(i) + 0.1f) + 0.2f;
      b[i] = std::cos(0.7f * static_cast<float>(i)) * 0.9f + 0.05f;
      exact += static_cast<double>(a[i]) * b[i];
    }
    s.name = "result";
    s.inputs = {{"A", a}, {"B", b}};
    s.want[0] = static_cast<float>(exact);
  }
  double term(std::size_t i) const { return static_cast<double>(a[i]) * b[i]; }
};

TEST(ExplainReduction, ATailCountedTwiceIsNotRounding) {
  Dot d(100002);
  const std::size_t n = d.a.size();
  d.s.got[0] = static_cast<float>(d.exact + d.term(n - 1));
  ASSERT_LT(std::fabs(d.term(n - 1) / d.exact), 1e-2) << "small enough that it used to read as rounding";
  ASSERT_GT(std::fabs(d.term(n - 1)), 1e-5 + 1e-5 * std::fabs(d.exact)) << "and outside the tolerance";
  const Finding f = d.s.analyze();
  EXPECT_TRUE(Says(f, "wrong_values", "is the last term, A[100001] * B[100001] = 0.87"));
  EXPECT_TRUE(Says(f, "wrong_values", "the last element was added twice"));
  EXPECT_EQ(f.evidence["terms"]["count"], 1);

  d.s.got[0] = static_cast<float>(d.exact - d.term(0));  // the first element dropped
  EXPECT_TRUE(Says(d.s.analyze(), "wrong_values", "minus the first term"));

  d.s.got[0] = static_cast<float>(d.exact - d.term(n - 1) - d.term(n - 2) - d.term(n - 3));  // a float4 tail of 3
  EXPECT_TRUE(Says(d.s.analyze(), "wrong_values", "minus the sum of the last 3 terms"));
}

// A rounding error equals an end term by chance in under 1% of cases (explain/reduction.cpp says
// how often); with N = 100000 this data is such a case, so the test takes N = 100003.
TEST(ExplainReduction, ALongRunningFloatSumIsRounding) {
  Dot d(100003);
  float acc = 0;
  for (std::size_t i = 0; i < d.a.size(); ++i) acc += d.a[i] * d.b[i];
  d.s.got[0] = acc;
  d.s.tol = {0, 1e-7};
  ASSERT_NE(d.s.got[0], d.s.want[0]);
  const Finding f = d.s.analyze();
  EXPECT_TRUE(Says(f, "precision", "within what adding its 100003 terms (A[i] * B[i]) in float makes here"));
  EXPECT_TRUE(Says(f, "precision", "that is rounding, not a wrong formula"));
}

TEST(ExplainReduction, AnErrorNoSumExplainsStaysGeneric) {
  Dot d(1000);
  d.s.got[0] = d.s.want[0] * 1.001f;  // within 1%, yet far beyond a float sum of 1000 terms
  EXPECT_TRUE(Says(d.s.analyze(), "wrong_values", "result is"));
  Scenario lone(1);  // no inputs to add up: nothing says it is rounding
  lone.want[0] = 10.0f;
  lone.got[0] = 10.001f;
  EXPECT_EQ(lone.analyze().code, "wrong_values");
}

TEST(ExplainPrecision, ManyElementsOfMixedErrorAreRoundingButAFewFarOffAreNot) {
  Scenario s(1000);
  for (std::size_t i = 0; i < 1000; ++i)
    s.got[i] = s.want[i] * (1 + 2e-5f * std::sin(static_cast<float>(i) * 2.1f + 0.3f));
  EXPECT_EQ(s.analyze().code, "precision") << s.analyze().sentence;
  s.got[500] = s.want[500] * 1.009f;  // one element off by far more than the rest
  EXPECT_EQ(s.analyze().code, "wrong_values") << s.analyze().sentence;
}

TEST(ExplainPrecision, TheSameSmallDifferenceEverywhereIsAnOffset) {
  Scenario s(100);
  for (std::size_t i = 0; i < 100; ++i) s.want[i] = 4.0f + static_cast<float>(i % 3) * 0.5f;
  for (std::size_t i = 0; i < 100; ++i) s.got[i] = s.want[i] + 0x1p-10f;
  EXPECT_TRUE(Says(s.analyze(), "constant_offset", "the expected value plus 0.0009766"));
}

TEST(ExplainOverflow, WithoutExpInTheReferenceAnIntermediateOverflowed) {
  Scenario s(8);  // relu, whose reference has no exp, computed as (x + |x|) / 2
  s.inputs.push_back({"input", std::vector<float>(8, 1.0f)});
  s.inputs[0].second[2] = 3.0e38f;
  s.want[2] = 3.0e38f;
  s.got[2] = INFINITY;
  const Finding f = s.analyze();
  EXPECT_TRUE(Says(f, "nan_or_inf", "C[2] is inf where"));
  EXPECT_TRUE(Says(f, "nan_or_inf", "input[2] is 3e+38: an intermediate overflowed float (|x| above 3.4e38)"));
  EXPECT_FALSE(names_exp(f.sentence)) << f.sentence;

  s.inputs[0].second[2] = 100.0f;  // an input exp would overflow on, but there is no exp
  s.want[2] = 100.0f;
  EXPECT_TRUE(
      Says(s.analyze(), "nan_or_inf", "; input[2] is 100: an intermediate overflowed float (|x| above 3.4e38)"));
  EXPECT_FALSE(names_exp(s.analyze().sentence)) << s.analyze().sentence;

  s.reference_uses_exp = true;  // the same output where the reference calls exp
  EXPECT_TRUE(Says(s.analyze(), "nan_or_inf", "input[2] is 100, and exp overflows float above 88.7"));
}

TEST(ExplainOverflow, AnInfinityWithOrdinaryInputsGetsNoHint) {
  Scenario s(4);  // a maximum that found no element: -inf, the identity it started from
  s.inputs.push_back({"input", std::vector<float>(4, 1.0f)});
  s.got[1] = -INFINITY;
  const Finding f = s.analyze();
  EXPECT_EQ(f.code, "nan_or_inf");
  EXPECT_EQ(f.sentence.find("overflow"), std::string::npos) << f.sentence;
}

TEST(ExplainOverflow, NanWhereExpWouldUnderflowIsBlamedOnExpOnlyWithExp) {
  Scenario s(6);
  s.inputs.push_back({"input", std::vector<float>(6, 1.0f)});
  s.inputs[0].second[1] = -100.0f;
  s.got[1] = NAN;
  EXPECT_FALSE(names_exp(s.analyze().sentence)) << s.analyze().sentence;
  s.reference_uses_exp = true;
  EXPECT_TRUE(Says(s.analyze(), "nan_or_inf", "where exp underflows to 0"));
}

}  // namespace
}  // namespace judge
