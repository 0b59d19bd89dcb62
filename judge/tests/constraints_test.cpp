// The statement's constraints (spec/constraints, content/statement_facts, content/constraints_check,
// judging/beyond_spec): relations and value ranges read from challenge.json, the clauses read from
// the statements' table, a case outside a clause caught with the file and the clause named, a
// beyond_spec case that never rejects, and outputs the statement starts at zero. GPU-free.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "content/constraints_check.hpp"
#include "content/scaffold_constraints.hpp"
#include "content/scaffold_text.hpp"
#include "content/statement_facts.hpp"
#include "exec/test_layout.hpp"
#include "judging/beyond_spec.hpp"
#include "spec/challenge.hpp"
#include "spec/testcase.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

// A challenge "window-sum": input x[N] in [-10, 10], labels[N] in [0, C-1], 1 <= N <= 10000,
// 1 <= window <= N, 2 <= C <= 100, out y[N] starting at zero.
const char* const kChallenge = R"({
  "format": 1, "slug": "window-sum", "number": 999, "title": "Window Sum", "difficulty": "easy",
  "params": [
    {"name": "x", "type": "float32", "pointer": true, "role": "in", "shape": ["N"], "values": [-10, 10]},
    {"name": "labels", "type": "int32", "pointer": true, "role": "in", "shape": ["N"], "values": [0, "C-1"]},
    {"name": "y", "type": "float32", "pointer": true, "role": "out", "shape": ["N"], "init": "zeros"},
    {"name": "N", "type": "int32", "range": [1, 10000]},
    {"name": "window", "type": "int32", "range": [1, 10000]},
    {"name": "C", "type": "int32", "range": [2, 100]}
  ],
  "constraints": ["window <= N"],
  "tolerance": {"atol": 1e-5, "rtol": 1e-5}
})";

class Fixture {
 public:
  explicit Fixture(const std::string& challenge = kChallenge) {
    fs::create_directories(dir_.path() / "challenges/window-sum");
    dir_.write("challenges/window-sum/challenge.json", challenge);
  }
  spec::Challenge challenge() const {
    auto c = spec::load_challenge(dir_.path() / "challenges/window-sum/challenge.json");
    EXPECT_TRUE(c) << c.error().message;
    return *c;
  }
  Result<spec::TestSuite> suite(const std::string& cases) const {
    const fs::path f = dir_.write("testcases/window-sum.json",
                                  R"({"format": 1, "challenge": "window-sum", "cases": [)" + cases + "]}");
    return spec::load_testcases(f, challenge());
  }
  const fs::path& root() const { return dir_.path(); }

 private:
  testing::TempDir dir_;
};

std::string a_case(const std::string& name, const std::string& kind, int n, int window, const std::string& x,
                   const std::string& extra = "") {
  return fmt::format(
      R"({{"name": "{}", "kind": "{}", "note": "n", "scalars": {{"N": {}, "window": {}, "C": 5}},
          "inputs": {{"x": {}, "labels": {{"randint": [0, 5]}}}}{}}})",
      name, kind, n, window, x, extra);
}

std::string all(const content::Problems& ps) {
  std::string s;
  for (const content::Problem& p : ps) s += content::format_problem(p) + "\n";
  return s;
}

TEST(Constraints, RelationsParseAsChainsAndNameTheirValuesWhenBroken) {
  auto r = spec::parse_relation("0 <= S <= E <= N-1");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->sides.size(), 4u);
  EXPECT_EQ(r->ops, (std::vector<std::string>{"<=", "<=", "<="}));
  EXPECT_FALSE(spec::parse_relation("N + 1"));  // compares nothing
  EXPECT_FALSE(spec::parse_relation("N <= (M"));

  const spec::Challenge c = Fixture().challenge();
  EXPECT_TRUE(spec::scalar_violations(c, {{"N", 10}, {"window", 10}, {"C", 5}}).empty());
  auto v = spec::scalar_violations(c, {{"N", 10}, {"window", 11}, {"C", 5}});
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].line(), "window = 11, N = 10 is outside window <= N");
  v = spec::scalar_violations(c, {{"N", 20000}, {"window", 1}, {"C", 5}});
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].line(), "N = 20000 is outside 1 <= N <= 10000");
}

TEST(Constraints, AFloatScalarComparesByItsValue) {
  Fixture f(R"({
    "format": 1, "slug": "window-sum", "number": 999, "title": "T", "difficulty": "easy",
    "params": [{"name": "x", "type": "float32", "pointer": true, "role": "in", "shape": ["N"]},
               {"name": "N", "type": "int32", "range": [1, 10]},
               {"name": "lo", "type": "float32"}, {"name": "hi", "type": "float32"}],
    "constraints": ["lo <= hi"], "tolerance": {"atol": 0, "rtol": 0}})");
  const spec::Challenge c = f.challenge();
  EXPECT_TRUE(spec::scalar_violations(c, {{"N", 1}, {"lo", -0.75}, {"hi", -0.5}}).empty());
  EXPECT_EQ(spec::scalar_violations(c, {{"N", 1}, {"lo", -0.25}, {"hi", -0.5}}).size(), 1u);
}

TEST(Constraints, ValuesOutsideTheRangeOrNotFiniteAreFound) {
  const spec::Challenge c = Fixture().challenge();
  const spec::Param& x = *c.find_param("x");
  const spec::Param& labels = *c.find_param("labels");
  const float inside[] = {-10.0f, 0.0f, 10.0f};
  EXPECT_FALSE(spec::value_violation(x, {{"C", 5}}, inside, 3));
  const float past[] = {1.0f, 10.5f};
  auto v = spec::value_violation(x, {{"C", 5}}, past, 2);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->line(), "x[1] = 10.5 is outside -10 <= x <= 10");
  const float nan[] = {std::numeric_limits<float>::quiet_NaN()};
  ASSERT_TRUE(spec::value_violation(x, {{"C", 5}}, nan, 1));
  const int label[] = {0, 4, 5};  // C - 1 = 4
  v = spec::value_violation(labels, {{"C", 5}}, label, 3);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->line(), "labels[2] = 5 is outside 0 <= labels <= C-1");
}

TEST(Constraints, BadKeysAreLoaderErrors) {
  auto load = [](const std::string& params) {
    testing::TempDir d;
    fs::create_directories(d.path() / "challenges/t");
    d.write("challenges/t/challenge.json",
            R"({"format": 1, "slug": "t", "number": 1, "title": "T", "difficulty": "easy", "params": [)" + params +
                R"(], "tolerance": {"atol": 0, "rtol": 0}})");
    auto c = spec::load_challenge(d.path() / "challenges/t/challenge.json");
    return c ? std::string() : c.error().message;
  };
  EXPECT_NE(load(R"({"name": "y", "type": "float32", "pointer": true, "role": "out", "shape": [4], "values": [0, 1]})")
                .find("an output has none"),
            std::string::npos);
  EXPECT_NE(load(R"({"name": "x", "type": "float32", "pointer": true, "role": "in", "shape": [4], "init": "zeros"})")
                .find("output buffers"),
            std::string::npos);
  EXPECT_NE(load(R"({"name": "x", "type": "float32", "pointer": true, "role": "in", "shape": [4], "values": [0, "M"]})")
                .find("'M' is not an integer scalar"),
            std::string::npos);
}

TEST(Constraints, ACaseOutsideTheStatementIsAProblemNamingTheFileAndClause) {
  Fixture f;
  auto suite = f.suite(a_case("wide", "functional", 8, 2, R"({"uniform": [-20, 20]})"));
  ASSERT_TRUE(suite) << suite.error().message;
  const content::Problems ps = content::check_case_constraints(f.root(), f.challenge(), *suite);
  ASSERT_EQ(ps.size(), 1u) << all(ps);
  EXPECT_EQ(ps[0].file, "testcases/window-sum.json");
  EXPECT_EQ(ps[0].where, "$.cases[0]");
  EXPECT_NE(ps[0].message.find("outside -10 <= x <= 10"), std::string::npos) << ps[0].message;
  EXPECT_NE(ps[0].message.find("beyond_spec"), std::string::npos);
}

TEST(Constraints, ABeyondSpecCaseLoadsAndMustReallyLieOutside) {
  Fixture f;
  // A scalar past its range is a loader error unless the case is marked.
  auto bad = f.suite(a_case("big", "functional", 20000, 2, R"({"uniform": [-1, 1]})"));
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("beyond_spec"), std::string::npos);
  auto suite = f.suite(
      a_case("big", "functional", 20000, 2, R"({"uniform": [-1, 1]})",
             R"(, "beyond_spec": "N past 10000 to time a large case")") +
      "," +
      a_case("marked-inside", "functional", 8, 2, R"({"uniform": [-1, 1]})", R"(, "beyond_spec": "wrongly marked")"));
  ASSERT_TRUE(suite) << suite.error().message;
  const content::Problems ps = content::check_case_constraints(f.root(), f.challenge(), *suite);
  ASSERT_EQ(ps.size(), 1u) << all(ps);
  EXPECT_EQ(ps[0].where, "$.cases[1].beyond_spec");
}

TEST(Constraints, ALargerRankingCaseStandsBesideTheOfficialOne) {
  Fixture f;
  const std::string official = a_case("performance", "performance", 10000, 5000, R"({"uniform": [-1, 1]})");
  auto one = f.suite(official);
  ASSERT_TRUE(one) << one.error().message;
  EXPECT_EQ(spec::ranking_case(*one)->name, "performance");
  const std::string larger =
      a_case("performance-large", "performance", 1000000, 5000, R"({"uniform": [-1, 1]})",
             R"(, "beyond_spec": "past N <= 10000: the official size is launch-bound", "rank": true)");
  auto two = f.suite(official + "," + larger);
  ASSERT_TRUE(two) << two.error().message;
  EXPECT_EQ(spec::ranking_case(*two)->name, "performance-large");
  EXPECT_FALSE(f.suite(official + "," + official.substr(0, official.size() - 1) + R"(, "seed": 3})"));
  EXPECT_FALSE(f.suite(larger));  // the official case is missing
}

TEST(StatementFacts, ClausesOfTheTableAreRead) {
  auto cs = content::parse_clauses(
      "1<=M,N,K<=8192; -10.0<=logits[i,j]<=10.0; 0<=input[i]<num_bins; 0<=S<=E<=N-1; sum fits in float32; "
      "1<=BATCH<=128?; perf N=5; -1000.0<=values in X,y<=1000.0");
  ASSERT_EQ(cs.size(), 5u);
  EXPECT_EQ(cs[0].names, (std::vector<std::string>{"M", "N", "K"}));
  EXPECT_EQ(*cs[0].hi.number, 8192);
  EXPECT_EQ(cs[1].names, (std::vector<std::string>{"logits"}));
  EXPECT_EQ(*cs[1].lo.number, -10);
  EXPECT_TRUE(cs[2].strict_hi);
  EXPECT_EQ(cs[2].hi.text, "num_bins");
  EXPECT_FALSE(cs[2].hi.number);
  EXPECT_EQ(cs[3].chain, (std::vector<std::string>{"0", "S", "E", "N-1"}));
  EXPECT_EQ(cs[4].names, (std::vector<std::string>{"X", "y"}));
  EXPECT_EQ(content::parse_zero_outputs("C:zeros[functional,perf] empty[example]"), std::vector<std::string>{});
  EXPECT_EQ(content::parse_zero_outputs("out:zeros statement-guarantees-zero"), std::vector<std::string>{"out"});
  EXPECT_EQ(content::parse_zero_outputs("topk_weights:zeros; topk_indices:zeros"),
            (std::vector<std::string>{"topk_weights", "topk_indices"}));
}

TEST(StatementFacts, ChallengeJsonAgainstTheStatement) {
  Fixture f;
  content::StatementFacts facts;
  facts.file = "leetgpu-constraints.tsv";
  content::StatementRow row;
  row.line = 7;
  row.slug = "window-sum";
  row.clauses = content::parse_clauses("1<=N<=50000; -10.0<=x[i]<=10.0; 1<=window<=N; 2<=C<=100; 0<=S<=E<=N-1");
  row.output_init = "y:empty";
  facts.rows.push_back(row);
  const content::Problems ps = content::check_statement_facts(f.root(), f.challenge(), row, facts);
  // N's upper bound differs, nothing relates S and E (no such params: ignored), and y starts at
  // zero here but not on LeetGPU.
  ASSERT_EQ(ps.size(), 2u) << all(ps);
  EXPECT_EQ(ps[0].file, "challenges/window-sum/challenge.json");
  EXPECT_NE(ps[0].message.find("upper bound 10000 here, 50000 in the statement"), std::string::npos);
  EXPECT_NE(ps[0].message.find("leetgpu-constraints.tsv:7"), std::string::npos);
  EXPECT_EQ(ps[1].where, "$.params[2].init");
}

TEST(BeyondSpec, AFailurePastTheStatementIsAcceptedWithAWarningUnlessStrict) {
  Fixture f;
  auto suite = f.suite(
      a_case("big", "functional", 20000, 2, R"({"uniform": [-1, 1]})", R"(, "beyond_spec": "N past the statement")"));
  ASSERT_TRUE(suite) << suite.error().message;
  const spec::TestCase& tc = suite->cases[0];
  judging::TestResult wa;
  wa.verdict = judging::Verdict::WA;
  wa.summary = "y[3] is 1 where 2 was expected";
  judging::TestResult lenient = wa, strict = wa;
  judging::apply_beyond_spec(lenient, f.challenge(), tc, false);
  EXPECT_EQ(lenient.verdict, judging::Verdict::AC);
  ASSERT_EQ(lenient.warnings.size(), 1u);
  EXPECT_NE(lenient.warnings[0].find("N = 20000 is outside 1 <= N <= 10000"), std::string::npos) << lenient.warnings[0];
  EXPECT_NE(lenient.warnings[0].find("y[3] is 1"), std::string::npos);
  EXPECT_EQ(*lenient.excused, judging::Verdict::WA);
  judging::apply_beyond_spec(strict, f.challenge(), tc, true);
  EXPECT_EQ(strict.verdict, judging::Verdict::WA);
  judging::TestResult je;
  je.verdict = judging::Verdict::JE;
  judging::apply_beyond_spec(je, f.challenge(), tc, false);
  EXPECT_EQ(je.verdict, judging::Verdict::JE);  // the judge's own failure is never excused
}

TEST(OutputStart, AnOutputTheStatementZeroesStartsAtZeroUnderEveryFill) {
  const spec::Challenge c = Fixture().challenge();
  compile::Binding b;
  for (std::size_t i = 0; i < c.params.size(); ++i)
    b.params.push_back({c.params[i].pointer ? compile::ArgKind::pointer : compile::ArgKind::i32});
  exec::TestRequest r =
      exec::make_layout("t", false, c.params, {4, 4, 4, 0, 0, 0}, {{"N", 4}, {"window", 1}, {"C", 5}}, b);
  const exec::BufferSlot& y = r.buffers[2];
  EXPECT_TRUE(y.starts_zero);
  EXPECT_FALSE(exec::starts_poisoned(r, y));
  std::vector<unsigned char> mem(y.bytes, 0xAB);
  exec::fill_output_start(r, y, mem.data());
  EXPECT_EQ(mem, std::vector<unsigned char>(y.bytes, 0));
  EXPECT_TRUE(exec::test_request_from_json(exec::to_json(r)).buffers[2].starts_zero);
}

TEST(Ranking, TheMarkedCaseRanksElseTheLastTimedOne) {
  std::vector<judging::TestResult> tests(3);
  tests[1].timing.emplace();
  tests[2].timing.emplace();
  EXPECT_EQ(judging::ranking_test(tests), &tests[2]);
  tests[1].ranks = true;
  EXPECT_EQ(judging::ranking_test(tests), &tests[1]);
}

}  // namespace
}  // namespace judge

namespace judge {
namespace {

TEST(StatementFacts, JudgeNewFillsTheConstraintsIn) {
  content::NewChallenge n;
  n.slug = "window-sum";
  n.params = {{"x", spec::DType::float32, true, spec::Role::in, "const float* x"},
              {"labels", spec::DType::int32, true, spec::Role::in, "const int* labels"},
              {"y", spec::DType::float32, true, spec::Role::out, "float* y"},
              {"N", spec::DType::int32, false, spec::Role::in, "int N"},
              {"window", spec::DType::int32, false, spec::Role::in, "int window"},
              {"C", spec::DType::int32, false, spec::Role::in, "int C"}};
  n.shape = "N";
  content::StatementRow row;
  row.constraints = "1<=N<=10000; -10.0<=x[i]<=10.0; 0<=labels[i]<C; 1<=window<=N; perf N=10000";
  row.clauses = content::parse_clauses(row.constraints);
  row.zero_outputs = {"y"};
  content::apply_statement(n, row);
  const std::string json = content::challenge_json_text(n);
  EXPECT_NE(json.find(R"("name": "N", "type": "int32", "range": [1, 10000])"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("values": [-10, 10])"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("values": [0, "C-1"])"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("init": "zeros")"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("constraints": ["window <= N"])"), std::string::npos) << json;
}

}  // namespace
}  // namespace judge
