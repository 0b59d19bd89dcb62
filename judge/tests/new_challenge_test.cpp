// `judge new` (content/scaffold): the scaffold of a LeetGPU challenge (from a small facts table)
// and of one of ours loads, and fails `judge validate` with messages saying what to fill in; an
// existing challenge is never overwritten. GPU-free.
#include <gtest/gtest.h>

#include "compile/binding.hpp"
#include "compile/compiler.hpp"
#include "compile/prototype.hpp"
#include "compile_cache_env.hpp"
#include "content/markers.hpp"
#include "content/scaffold.hpp"
#include "content/validate.hpp"
#include "test_support.hpp"
#include "util/read_file.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

const char* const kFacts =
    "number\tslug\tdifficulty\ttitle\tcuda_solve_signature\tparam_roles\tatol\trtol\tofficial_perf_sizes\tin_place\t"
    "input_distribution\tnotes\n"
    "42\tscaled-copy\thard\tScaled Copy\textern \"C\" void solve(const float* x, float* y, unsigned char* flags, "
    "int N, float alpha)\tx:POINTER(c_float):in;y:POINTER(c_float):out;flags:POINTER(c_ubyte):inout;N:c_int:in;"
    "alpha:c_float:in\t0.001\t0.0001\tN=1000000,alpha=2.5\tno\tx U(-1,1)\t\n"
    "43\tmodule-only\teasy\tModule Only\tno starter.cu: not a CUDA challenge\tinput:torch.Tensor:in\t0\t0\t\tno\t\t\n";

// An empty catalog (with one GPU model in baselines/) and the facts table above.
struct EmptyCatalog {
  testing::TempDir dir;
  fs::path root = dir.path() / "root";
  content::Facts facts;
  EmptyCatalog() {
    for (const char* d : {"challenges", "testcases", "solutions", "baselines/nvidia-h200"})
      fs::create_directories(root / d);
    auto f = content::load_facts(dir.write("facts.tsv", kFacts));
    EXPECT_TRUE(f) << f.error().message;
    facts = *f;
  }
};

std::string all_problems(const content::ChallengeReport& r) {
  std::string s;
  for (const content::Problem& p : r.problems) s += content::format_problem(p) + "\n";
  return s;
}

bool has_problem(const content::ChallengeReport& r, const std::string& file, const std::string& where,
                 const std::string& words) {
  for (const content::Problem& p : r.problems) {
    if (p.file == file && p.where.starts_with(where) && p.message.find(words) != std::string::npos) return true;
  }
  return false;
}

TEST(NewChallenge, FromTheFactsTableLoadsAndFailsValidationSayingWhatToWrite) {
  EmptyCatalog cat;
  auto plan = content::plan_challenge({"scaled-copy", std::nullopt, false}, &cat.facts, "");
  ASSERT_TRUE(plan) << plan.error().message;
  EXPECT_EQ(plan->number, 42);
  EXPECT_EQ(plan->title, "Scaled Copy");
  EXPECT_EQ(plan->difficulty, "hard");
  ASSERT_EQ(plan->params.size(), 5u);
  EXPECT_EQ(plan->params[2].role, spec::Role::inout);  // from param_roles, not from the missing const
  EXPECT_EQ(plan->params[2].type, spec::DType::uint8);
  auto written = content::write_scaffold(cat.root, *plan);
  ASSERT_TRUE(written) << written.error().message;
  EXPECT_EQ(written->size(), 7u);

  const spec::Catalog catalog(cat.root);
  auto c = catalog.challenge("scaled-copy");
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->tolerance.atol, 0.001);
  EXPECT_EQ(c->tolerance.rtol, 0.0001);
  auto suite = catalog.testcases(*c);
  ASSERT_TRUE(suite) << suite.error().message;
  EXPECT_EQ(suite->cases.back().scalars.at("N"), 1000000);  // the official performance size
  EXPECT_EQ(suite->cases.back().scalars.at("alpha"), 2.5);

  content::ValidateOptions o;
  o.facts = cat.facts.file;
  auto report = content::validate(catalog, {"scaled-copy"}, o);
  ASSERT_TRUE(report) << report.error().message;
  const content::ChallengeReport& r = report->challenges.at(0);
  EXPECT_FALSE(r.ok());
  const std::string dir = "challenges/scaled-copy/";
  EXPECT_TRUE(has_problem(r, dir + "README.md", "line 3", "left from judge new: the task in a few sentences"))
      << all_problems(r);
  EXPECT_TRUE(has_problem(r, dir + "starter.cu", "line 3", "left from judge new")) << all_problems(r);
  EXPECT_TRUE(has_problem(r, dir + "reference.cpp", "line 1", "left from judge new")) << all_problems(r);
  EXPECT_TRUE(has_problem(r, "testcases/scaled-copy.json", "line ", "left from judge new: the official size"))
      << all_problems(r);
  EXPECT_TRUE(has_problem(r, dir + "challenge.json", "$.params[3]", "scalar 'N' has no \"range\"")) << all_problems(r);
  EXPECT_TRUE(has_problem(r, dir + "challenge.json", "$.work", "no \"work\"")) << all_problems(r);
  EXPECT_TRUE(has_problem(r, "testcases/scaled-copy.json", "$.cases", "0 functional cases, at least 8"))
      << all_problems(r);
  EXPECT_TRUE(has_problem(r, "testcases/scaled-copy.json", "$.cases[0].expected", "no expected values for y"))
      << all_problems(r);
  EXPECT_TRUE(has_problem(r, dir + "reference.cpp", "", "no CPU reference is registered for 'scaled-copy'"))
      << all_problems(r);
  EXPECT_TRUE(has_problem(r, "solutions/scaled-copy/expected.json", "$.solutions", "0 rungs")) << all_problems(r);
  EXPECT_TRUE(has_problem(r, "solutions/scaled-copy/expected.json", "$.solutions", "0 wrong solutions"))
      << all_problems(r);
  EXPECT_TRUE(has_problem(r, "baselines/nvidia-h200/scaled-copy.json", "", "missing")) << all_problems(r);
  // Nothing else: the statement's signature, sections and the starter are already right.
  for (const content::Problem& p : r.problems) {
    EXPECT_EQ(p.message.find("signature"), std::string::npos) << content::format_problem(p);
    EXPECT_EQ(p.message.find("no '## "), std::string::npos) << content::format_problem(p);
  }

  auto again = content::write_scaffold(cat.root, *plan);
  ASSERT_FALSE(again);
  EXPECT_NE(again.error().message.find("never overwrites"), std::string::npos) << again.error().message;
}

TEST(NewChallenge, TheStarterCompilesWithNvrtc) {
  EmptyCatalog cat;
  auto plan = content::plan_challenge(
      {"half-scale", "extern \"C\" void solve(const __half* x, float* y, int N, float alpha)", true}, nullptr, "");
  ASSERT_TRUE(plan) << plan.error().message;
  ASSERT_TRUE(content::write_scaffold(cat.root, *plan));
  auto c = spec::Catalog(cat.root).challenge("half-scale");
  ASSERT_TRUE(c) << c.error().message;
  const fs::path starter = cat.root / "challenges/half-scale/starter.cu";
  auto text = util::read_text_file(starter);
  ASSERT_TRUE(text);
  auto proto = compile::parse_solve_prototype(*text, "starter.cu");
  ASSERT_TRUE(proto) << proto.error().message;
  auto binding = compile::bind_prototype(*proto, *c, "starter.cu");
  ASSERT_TRUE(binding) << binding.error().message;
  const compile::CompileOutcome out = compile::compile({starter, "starter.cu", {}, "sm_90", "auto", *binding});
  EXPECT_EQ(out.status, compile::CompileOutcome::Status::ok) << out.log;
  EXPECT_EQ(out.engine, "nvrtc") << out.note;
}

TEST(NewChallenge, OneOfOursNeedsASignatureAndLoads) {
  EmptyCatalog cat;
  auto none = content::plan_challenge({"vector-max-min", std::nullopt, true}, &cat.facts, "");
  ASSERT_FALSE(none);
  EXPECT_NE(none.error().message.find("--interview needs --signature"), std::string::npos);
  auto plan = content::plan_challenge(
      {"vector-max-min", "extern \"C\" void solve(const float* input, float* result, int N)", true}, nullptr,
      "/nowhere/leetgpu-challenges.tsv");
  ASSERT_TRUE(plan) << plan.error().message;
  EXPECT_EQ(plan->source, "interview");
  EXPECT_EQ(plan->title, "Vector Max Min");
  EXPECT_EQ(plan->params[1].role, spec::Role::out);  // a non-const pointer, no facts: an output
  ASSERT_TRUE(content::write_scaffold(cat.root, *plan));
  const spec::Catalog catalog(cat.root);
  auto c = catalog.challenge("vector-max-min");
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->origin(), "interview");
  ASSERT_TRUE(catalog.testcases(*c));
  content::ValidateOptions o;
  o.facts = cat.facts.file;  // not in the table, and marked as ours: no complaint about that
  auto report = content::validate(catalog, {"vector-max-min"}, o);
  ASSERT_TRUE(report);
  const content::ChallengeReport& r = report->challenges.at(0);
  EXPECT_TRUE(has_problem(r, "testcases/vector-max-min.json", "$.cases", "0 functional cases")) << all_problems(r);
  EXPECT_FALSE(has_problem(r, "challenges/vector-max-min/challenge.json", "$.slug", "not in the facts table"))
      << all_problems(r);
}

TEST(NewChallenge, RefusesWhatItCannotScaffold) {
  EmptyCatalog cat;
  auto unknown = content::plan_challenge({"scaled-cpy", std::nullopt, false}, &cat.facts, "");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("did you mean 'scaled-copy'?"), std::string::npos) << unknown.error().message;
  auto ours =
      content::plan_challenge({"scaled-copy", "extern \"C\" void solve(float* x, int N)", true}, &cat.facts, "");
  ASSERT_FALSE(ours);
  EXPECT_NE(ours.error().message.find("LeetGPU #42"), std::string::npos) << ours.error().message;
  auto other =
      content::plan_challenge({"scaled-copy", "extern \"C\" void solve(float* x, int N)", false}, &cat.facts, "");
  ASSERT_FALSE(other);
  EXPECT_NE(other.error().message.find("keeps the official signature"), std::string::npos) << other.error().message;
  auto no_table = content::plan_challenge({"scaled-copy", std::nullopt, false}, nullptr, "/x/facts.tsv");
  ASSERT_FALSE(no_table);
  EXPECT_NE(no_table.error().message.find("no facts table at /x/facts.tsv"), std::string::npos);
  auto bad_slug = content::plan_challenge({"Scaled_Copy", "extern \"C\" void solve(int N)", true}, nullptr, "");
  ASSERT_FALSE(bad_slug);
  auto bad_type =
      content::plan_challenge({"doubles", "extern \"C\" void solve(const double* x, int N)", true}, nullptr, "");
  ASSERT_FALSE(bad_type);
  EXPECT_NE(bad_type.error().message.find("'double' is not a type the judge passes"), std::string::npos)
      << bad_type.error().message;
}

TEST(NewChallenge, ATableRowWithoutACudaSignatureTakesOneAndIsMarkedAdapted) {
  EmptyCatalog cat;
  auto missing = content::plan_challenge({"module-only", std::nullopt, false}, &cat.facts, "");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("no CUDA signature"), std::string::npos) << missing.error().message;
  auto plan = content::plan_challenge(
      {"module-only", "extern \"C\" void solve(const float* input, float* output, int N)", false}, &cat.facts, "");
  ASSERT_TRUE(plan) << plan.error().message;
  EXPECT_EQ(plan->adapted.find(content::kTodoMarker), 0u) << plan->adapted;
  ASSERT_TRUE(content::write_scaffold(cat.root, *plan));
  auto c = spec::Catalog(cat.root).challenge("module-only");
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->origin(), "leetgpu #43, adapted");
}

}  // namespace
}  // namespace judge
