// GPU-free tests of where the judge looks for clearer evidence: picking the failed test whose
// diagnosis shows the bug best and citing it (judging/clearer_test.hpp), and reading from a
// challenge's reference whether it calls exp (judging/reference_facts.hpp), as diagnose does.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "compile/binding.hpp"
#include "compile/prototype.hpp"
#include "explain_scenario.hpp"
#include "judging/case_data.hpp"
#include "judging/clearer_test.hpp"
#include "judging/diagnose.hpp"
#include "judging/reference_facts.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

using judging::TestResult;

TestResult failed(const std::string& name, const std::string& code, std::size_t count) {
  TestResult r;
  r.name = name;
  r.verdict = judging::Verdict::WA;
  r.wrong_output = true;
  r.diagnosis = code;
  r.summary = name + " says " + code;
  r.evidence = {{"count", count}};
  return r;
}

TEST(ClearerTest, StrengthOfADiagnosis) {
  EXPECT_EQ(judging::evidence_strength(failed("a", "wrong_values", 4)), 0);
  EXPECT_EQ(judging::evidence_strength(failed("a", "never_written", 40)), 0);
  EXPECT_EQ(judging::evidence_strength(failed("a", "values_misplaced", 3)), 1) << "a shift seen on 3 elements";
  EXPECT_EQ(judging::evidence_strength(failed("a", "constant_factor", 1)), 1);
  EXPECT_EQ(judging::evidence_strength(failed("a", "values_misplaced", 999)), 2);
  EXPECT_EQ(judging::evidence_strength(failed("a", "nan_or_inf", 1)), 0) << "inf - inf is another symptom";
  EXPECT_EQ(judging::evidence_strength(failed("a", "wrong_at_tile_positions", 64)), 2);
  EXPECT_EQ(judging::evidence_strength(failed("a", "nothing_written", 16)), 0) << "about other elements";
  EXPECT_EQ(judging::evidence_strength(failed("a", "unwritten_tail", 1)), 0);
  TestResult terms = failed("a", "wrong_values", 1);
  terms.evidence["terms"] = {{"end", "last"}, {"count", 1}};
  EXPECT_EQ(judging::evidence_strength(terms), 2) << "a sum off by its last term says which";
  TestResult rte = failed("a", "cuda_error", 0);
  rte.verdict = judging::Verdict::RTE;
  rte.wrong_output = false;
  EXPECT_EQ(judging::evidence_strength(rte), 0);
  EXPECT_FALSE(judging::wants_clearer_test(rte)) << "only wrong outputs are explained by other tests";
  EXPECT_TRUE(judging::wants_clearer_test(failed("a", "wrong_values", 4)));
  EXPECT_FALSE(judging::wants_clearer_test(failed("a", "values_misplaced", 999)));
  EXPECT_TRUE(judging::wants_clearer_test(failed("a", "input_copied", 2)));
  EXPECT_FALSE(judging::wants_clearer_test(failed("a", "never_written", 12))) << "its ranges say where";
  EXPECT_FALSE(judging::wants_clearer_test(terms));
}

TEST(ClearerTest, PicksTheEarliestOfTheStrongestLaterTests) {
  const TestResult first = failed("example-1", "wrong_values", 4);
  TestResult passed;
  passed.name = "n-2";
  const TestResult weak = failed("n-3", "values_misplaced", 2);
  const TestResult clear = failed("n-1000", "values_misplaced", 999);
  const TestResult also_clear = failed("n-4096", "values_misplaced", 4095);
  EXPECT_EQ(judging::clearest_test(first, {&passed, &weak, &clear, &also_clear}), &clear);
  EXPECT_EQ(judging::clearest_test(first, {&passed, &weak}), &weak) << "a hint beats nothing";
  EXPECT_EQ(judging::clearest_test(first, {&passed}), nullptr);
  // gaussian-blur's border left unwritten: a smaller image with nothing written shows no more.
  const TestResult nothing = failed("example-2", "nothing_written", 4);
  EXPECT_EQ(judging::clearest_test(first, {&nothing}), nullptr);
  const TestResult generic = failed("x", "wrong_values", 9);
  EXPECT_EQ(judging::clearest_test(weak, {&generic}), nullptr) << "never a weaker one";
  EXPECT_EQ(judging::clearest_test(clear, {&also_clear}), nullptr) << "a clear first test keeps its own";
}

TestResult from_analysis(const std::string& name, const testing::Scenario& s) {
  const explain::Finding f = s.analyze();
  TestResult r = failed(name, f.code, 0);
  r.summary = f.sentence;
  r.evidence = f.evidence;
  return r;
}

TEST(ClearerTest, ALaterRelationMustHoldOnTheFirstTestsOwnOutput) {
  testing::Scenario abs(4);  // relu computed as |x| on (-2, -0.5, 0, 3.5)
  abs.name = "output";
  abs.want = {0.0f, 0.0f, 0.0f, 3.5f};
  abs.got = {2.0f, 0.5f, 0.0f, 3.5f};
  const TestResult first = from_analysis("example-1", abs);
  ASSERT_EQ(first.diagnosis, "wrong_values");
  const auto own = judging::recorded_output(first, abs.tol);
  ASSERT_TRUE(own) << "a tiny output keeps its values in the evidence";
  EXPECT_EQ(own->mismatches.wrong, 2u);
  // A ramp symmetric around 0 makes |x| read as relu mirrored; example-1 is not its mirror image.
  TestResult mirrored = failed("ramp", "values_misplaced", 12000);
  mirrored.evidence["mapping"] = "mirrored";
  EXPECT_EQ(judging::clearest_test(first, {&mirrored}, &own->mismatches), nullptr);
  EXPECT_EQ(judging::clearest_test(first, {&mirrored}), &mirrored) << "unchecked without the first output";

  testing::Scenario shift(4);  // relu storing output[i + 1]: element 0 never written
  shift.name = "output";
  shift.want = {0.0f, 0.0f, 0.0f, 3.5f};
  shift.got = {0.0f, 0.0f, 0.0f, 0.0f};
  shift.never_write(0);
  const TestResult shifted_first = from_analysis("example-1", shift);
  const auto shifted_own = judging::recorded_output(shifted_first, shift.tol);
  ASSERT_TRUE(shifted_own);
  EXPECT_EQ(shifted_own->mismatches.unwritten, 1u);
  TestResult shifted = failed("example-2", "values_misplaced", 5);
  shifted.evidence["mapping"] = "shifted";
  shifted.evidence["mapping_param"] = 1;
  EXPECT_EQ(judging::clearest_test(shifted_first, {&shifted}, &shifted_own->mismatches), &shifted);

  // Errors far beyond 1% on the first test: a later test's "rounding" is another story.
  TestResult rounding = failed("n-33", "precision", 1051);
  EXPECT_EQ(judging::clearest_test(first, {&rounding}, &own->mismatches), nullptr);
}

TEST(ClearerTest, AWeakRelationIsOnlyConfirmed) {
  const TestResult offset = failed("example-1", "constant_offset", 3);
  TestResult terms = failed("example-3", "wrong_values", 1);
  terms.evidence["terms"] = {{"end", "first"}, {"count", 1}};
  EXPECT_EQ(judging::clearest_test(offset, {&terms}), nullptr) << "a different relation contradicts it";
  const TestResult more = failed("n-1000", "constant_offset", 999);
  EXPECT_EQ(judging::clearest_test(offset, {&terms, &more}), &more);
}

TEST(ClearerTest, CitingKeepsTheVerdictAndSaysWhichTestShowedIt) {
  TestResult first = failed("example-1", "wrong_values", 4);
  first.summary = "4 of 4 elements of output differ from the expected values, in 1 range: [0, 4)";
  TestResult clear = failed("n-1000", "values_misplaced", 999);
  clear.summary = "the 999 wrong values of output are right values in the wrong places: the output is shifted by 1";
  clear.evidence["mapping"] = "shifted";
  judging::cite_clearer_test(first, clear);
  EXPECT_EQ(first.verdict, judging::Verdict::WA);
  EXPECT_EQ(first.name, "example-1");
  EXPECT_EQ(first.diagnosis, "values_misplaced");
  EXPECT_EQ(first.summary, "test n-1000 shows it clearly: " + clear.summary);
  ASSERT_FALSE(first.details.empty());
  EXPECT_EQ(first.details[0],
            "this test: 4 of 4 elements of output differ from the expected values, in 1 range: [0, 4)");
  EXPECT_EQ(first.evidence["shown_by"], "n-1000");
  EXPECT_EQ(first.evidence["mapping"], "shifted");
  EXPECT_EQ(first.evidence["this_test"]["diagnosis"], "wrong_values");

  TestResult second = failed("example-1", "wrong_values", 4);
  judging::cite_clearer_test(second, failed("n-3", "constant_factor", 2));
  EXPECT_EQ(second.summary.rfind("test n-3 shows more: ", 0), 0u) << second.summary;
}

TEST(ReferenceFacts, FindsExpCallsOutsideCommentsAndStrings) {
  EXPECT_TRUE(judging::source_calls_exp("double y = std::exp(x - m);"));
  EXPECT_TRUE(judging::source_calls_exp("float y = expf (x);"));
  EXPECT_TRUE(judging::source_calls_exp("y = __expf(x);"));
  EXPECT_FALSE(judging::source_calls_exp("// exp(x) would overflow\ny = x > 0 ? x : 0;"));
  EXPECT_FALSE(judging::source_calls_exp("/* std::exp(x) */ const char* s = \"exp(\";"));
  EXPECT_FALSE(judging::source_calls_exp("int exponent(int); int e = exponent(3); double exp = 2;"));
}

TEST(ReferenceFacts, ReadsTheChallengesReference) {
  const spec::Catalog cat = testing::catalog();
  for (const auto& [slug, uses] : std::vector<std::pair<std::string, bool>>{{"relu", false},
                                                                            {"leaky-relu", false},
                                                                            {"dot-product", false},
                                                                            {"softmax", true},
                                                                            {"sigmoid-activation", true}}) {
    auto c = cat.challenge(slug);
    ASSERT_TRUE(c) << slug;
    EXPECT_EQ(judging::reference_uses_exp(*c), uses) << slug;
  }
  spec::Challenge nowhere;
  nowhere.dir = "/nonexistent/challenges/x";
  EXPECT_FALSE(judging::reference_uses_exp(nowhere)) << "unreadable: exp is not named";
}

// One named case of `slug`, prepared as the judge would, with `value` written at output[index]
// and every other output element right.
struct Prepared {
  spec::Challenge challenge;
  spec::TestSuite suite;
  const spec::TestCase* test = nullptr;
  judging::CaseData data;
};
Prepared prepare(const std::string& slug, const std::string& prototype, const std::string& case_name) {
  Prepared p;
  p.challenge = *testing::catalog().challenge(slug);
  p.suite = *testing::catalog().testcases(p.challenge);
  for (const auto& tc : p.suite.cases)
    if (tc.name == case_name) p.test = &tc;
  EXPECT_NE(p.test, nullptr) << case_name;
  auto binding = compile::bind_prototype(*compile::parse_solve_prototype(prototype, "s.cu"), p.challenge, "s.cu");
  EXPECT_TRUE(binding) << binding.error().message;
  auto data = judging::prepare_case(p.challenge, *p.test, *binding);
  EXPECT_TRUE(data) << data.error().message;
  p.data = std::move(*data);
  return p;
}

judging::TestResult diagnose_with(Prepared& p, std::size_t index, float value) {
  for (const exec::BufferSlot& s : p.data.request.buffers) {
    if (s.role == spec::Role::in) continue;
    const judging::ByteView want = p.data.expected.at(s.name);
    std::memcpy(p.data.shm.data() + s.result_offset, want.data(), want.size());
    std::memcpy(p.data.shm.data() + s.result_offset + 4 * index, &value, 4);
  }
  exec::TestOutcome o;
  o.reply.solve_ms = 1.0;
  return judging::diagnose({&p.challenge, p.test, 2000, 1 << 20}, p.data, o);
}

TEST(ReferenceFacts, DiagnoseNamesExpOnlyForAChallengeWhoseReferenceCallsIt) {
  // relu's example 2 holds -100 at index 1: no exp in relu, so an inf there is an overflow.
  Prepared relu = prepare("relu", "extern \"C\" void solve(const float* input, float* output, int N) {}", "example-2");
  const auto r = diagnose_with(relu, 1, std::numeric_limits<float>::infinity());
  EXPECT_EQ(r.diagnosis, "nan_or_inf");
  EXPECT_NE(r.summary.find("an intermediate overflowed float"), std::string::npos) << r.summary;
  EXPECT_EQ(r.summary.find("exp "), std::string::npos) << r.summary;
  // sigmoid's example 2 holds 100 at index 2, where expf(100) overflows: its reference calls exp.
  Prepared sigmoid =
      prepare("sigmoid-activation", "extern \"C\" void solve(const float* X, float* Y, int N) {}", "example-2");
  const auto s = diagnose_with(sigmoid, 2, std::numeric_limits<float>::quiet_NaN());
  EXPECT_EQ(s.diagnosis, "nan_or_inf");
  EXPECT_NE(s.summary.find("X[2] is 100, and exp overflows float above 88.7"), std::string::npos) << s.summary;
}

}  // namespace
}  // namespace judge
