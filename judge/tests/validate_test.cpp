// `judge validate` (content/validate): every shipped challenge passes, and each kind of problem is
// found, with a message naming the file and the place, on a small catalog copied from the shipped
// vector-addition and then broken one way per test. GPU-free; no compiling.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "content/facts.hpp"
#include "content/validate.hpp"
#include "test_support.hpp"
#include "util/subprocess.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

const char* const kFactsHeader =
    "number\tslug\tdifficulty\ttitle\tcuda_solve_signature\tparam_roles\tatol\trtol\tofficial_perf_sizes\tin_place\t"
    "input_distribution\tnotes\n";
const char* const kVectorAdditionRow =
    "1\tvector-addition\teasy\tVector Addition\textern \"C\" void solve(const float* A, const float* B, float* C, int "
    "N)\tA:POINTER(c_float):in;B:POINTER(c_float):in;C:POINTER(c_float):out;N:c_size_t:in\t1e-05\t1e-05\tN=25000000\t"
    "no\tA,B U(-1000,1000)\t\n";

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Replaces the first `from` in a file by `to`; the test fails when `from` is not there.
void edit(const fs::path& p, const std::string& from, const std::string& to) {
  std::string text = read(p);
  const std::size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos) << p << " has no '" << from << "'";
  text.replace(at, from.size(), to);
  std::ofstream(p) << text;
}

// A catalog holding a copy of the shipped vector-addition (its H200 baselines, complete, only)
// and a facts table with its row. The catalog is a folder inside the temporary one, so that the
// facts table the judge looks for beside it (<root>/../shared) is in a folder this test owns,
// never a stray /tmp/shared.
class SmallCatalog {
 public:
  SmallCatalog() {
    const fs::path src = testing::source_root();
    const auto copy = fs::copy_options::recursive;
    fs::create_directories(root() / "challenges");
    fs::create_directories(root() / "testcases");
    fs::create_directories(root() / "solutions");
    fs::create_directories(root() / "baselines" / "nvidia-h200");
    fs::copy(src / "challenges/vector-addition", root() / "challenges/vector-addition", copy);
    fs::copy(src / "testcases/vector-addition.json", root() / "testcases/vector-addition.json");
    fs::copy(src / "solutions/vector-addition", root() / "solutions/vector-addition", copy);
    fs::copy(src / "baselines/nvidia-h200/vector-addition.json", root() / "baselines/nvidia-h200/vector-addition.json");
    facts_ = dir_.write("facts.tsv", std::string(kFactsHeader) + kVectorAdditionRow);
  }
  fs::path root() const { return dir_.path() / "catalog"; }
  fs::path file(const std::string& rel) const { return root() / rel; }
  const fs::path& facts() const { return facts_; }

  content::ChallengeReport validate(bool baselines = true) const {
    content::ValidateOptions o;
    o.facts = facts_;
    o.baselines = baselines;
    auto r = content::validate(spec::Catalog(root()), {"vector-addition"}, o);
    EXPECT_TRUE(r) << r.error().message;
    return r->challenges.at(0);
  }

 private:
  testing::TempDir dir_;
  fs::path facts_;
};

std::string all_problems(const content::ChallengeReport& r) {
  std::string s;
  for (const content::Problem& p : r.problems) s += content::format_problem(p) + "\n";
  return s;
}

// True when some problem is in `file`, at a place starting with `where`, and says `words`.
bool has_problem(const content::ChallengeReport& r, const std::string& file, const std::string& where,
                 const std::string& words) {
  for (const content::Problem& p : r.problems) {
    if (p.file == file && p.where.starts_with(where) && p.message.find(words) != std::string::npos) return true;
  }
  return false;
}

TEST(Validate, ShippedChallengesPassWithoutBaselines) {
  const spec::Catalog cat = testing::catalog();
  content::ValidateOptions o;
  o.baselines = false;
  auto r = content::validate(cat, content::challenge_folders(cat), o);
  ASSERT_TRUE(r) << r.error().message;
  // CI keeps the facts table beside the checkout (../shared); without it the output says so.
  EXPECT_EQ(r->facts_file.empty(), !r->facts_note.empty());
  EXPECT_GE(r->challenges.size(), 15u);
  for (const content::ChallengeReport& c : r->challenges) EXPECT_TRUE(c.ok()) << c.slug << ":\n" << all_problems(c);
}

TEST(Validate, ACopyOfAShippedChallengePasses) {
  SmallCatalog cat;
  const content::ChallengeReport r = cat.validate();
  EXPECT_TRUE(r.ok()) << all_problems(r);
}

TEST(Validate, SignatureToleranceAndNumberAgainstTheFacts) {
  SmallCatalog cat;
  std::string row = kVectorAdditionRow;
  row.replace(row.find("float* C, int N"), 15, "int* C, int N");
  row.replace(row.find("1e-05\t1e-05"), 11, "1e-05\t0.001");
  row.replace(0, 1, "7");
  testing::TempDir dir;
  content::ValidateOptions o;
  o.facts = dir.write("facts.tsv", std::string(kFactsHeader) + row);
  o.baselines = false;
  auto report = content::validate(spec::Catalog(cat.root()), {"vector-addition"}, o);
  ASSERT_TRUE(report) << report.error().message;
  const auto& r = report->challenges.at(0);
  const std::string file = "challenges/vector-addition/challenge.json";
  EXPECT_TRUE(has_problem(r, file, "$.params[2]", "'float* C' here, 'int* C' in the official signature"))
      << all_problems(r);
  EXPECT_TRUE(has_problem(r, file, "$.tolerance", "keep the official tolerance")) << all_problems(r);
  EXPECT_TRUE(has_problem(r, file, "$.number", "1 here, 7 in the facts table")) << all_problems(r);
}

TEST(Validate, AChallengeTheFactsLackIsOursOrAdapted) {
  SmallCatalog cat;
  testing::TempDir dir;
  content::ValidateOptions o;
  o.facts = dir.write("facts.tsv", kFactsHeader);
  o.baselines = false;
  auto report = content::validate(spec::Catalog(cat.root()), {"vector-addition"}, o);
  ASSERT_TRUE(report);
  EXPECT_TRUE(has_problem(report->challenges[0], "challenges/vector-addition/challenge.json", "$.slug",
                          "\"source\": \"interview\""))
      << all_problems(report->challenges[0]);
}

TEST(Validate, WithoutAFactsTableSaysTheCheckWasSkipped) {
  SmallCatalog cat;
  content::ValidateOptions o;
  o.baselines = false;  // no --facts, and none beside the temporary root
  auto report = content::validate(spec::Catalog(cat.root()), {"vector-addition"}, o);
  ASSERT_TRUE(report);
  EXPECT_FALSE(fs::exists(content::default_facts_file(cat.root())));
  EXPECT_TRUE(report->facts_file.empty());
  EXPECT_NE(report->facts_note.find("pass --facts FILE"), std::string::npos) << report->facts_note;
  EXPECT_TRUE(report->ok());
}

TEST(Validate, ReadmeExampleDisagreeingWithItsCase) {
  SmallCatalog cat;
  edit(cat.file("challenges/vector-addition/README.md"), "C = [5.0, 2.0, -6.0, 7.0]", "C = [5.0, 2.5, -6.0, 7.0]");
  edit(cat.file("challenges/vector-addition/README.md"), "N = 5\n", "N = 5\nX = 3\n");
  const content::ChallengeReport r = cat.validate(false);
  const std::string file = "challenges/vector-addition/README.md";
  EXPECT_TRUE(has_problem(r, file, "line 28 (Example 1)",
                          "C[1] is 2.5 here, 2 in testcases/vector-addition.json example-1 (expected)"))
      << all_problems(r);
  EXPECT_TRUE(has_problem(r, file, "line 35 (Example 2)", "'X' is not a parameter of vector-addition"))
      << all_problems(r);
  EXPECT_EQ(r.problems.size(), 2u) << all_problems(r);
}

TEST(Validate, ReadmeTitleSignatureAndSections) {
  SmallCatalog cat;
  const fs::path readme = cat.file("challenges/vector-addition/README.md");
  edit(readme, "# Vector Addition", "# Vector Add");
  edit(readme, "float* C, int N);", "float* C, size_t N);");
  edit(readme, "## Notes", "## Remarks");
  edit(readme, "Example 2\n", "Example 3\n");
  const content::ChallengeReport r = cat.validate(false);
  const std::string file = "challenges/vector-addition/README.md";
  EXPECT_TRUE(has_problem(r, file, "line 1", "must start with '# Vector Addition'")) << all_problems(r);
  EXPECT_TRUE(has_problem(r, file, "line 10", "not a ```cpp block holding exactly the signature")) << all_problems(r);
  EXPECT_TRUE(has_problem(r, file, "## Notes", "no '## Notes' section")) << all_problems(r);
  EXPECT_TRUE(has_problem(r, file, "line 31 (Example 3)", "number the examples 1, 2, 3")) << all_problems(r);
  EXPECT_TRUE(has_problem(r, file, "Examples", "no Example 2 for test case example-2")) << all_problems(r);
}

TEST(Validate, TooFewFunctionalCasesAndAMissingNote) {
  SmallCatalog cat;
  const fs::path cases = cat.file("testcases/vector-addition.json");
  nlohmann::json j = nlohmann::json::parse(read(cases));
  auto& list = j["cases"];
  int functional = 0;
  for (auto it = list.begin(); it != list.end();) {
    if ((*it)["kind"] == "functional" && ++functional > 7)
      it = list.erase(it);
    else
      ++it;
  }
  list[0].erase("note");
  std::ofstream(cases) << j.dump(1);
  const content::ChallengeReport r = cat.validate(false);
  EXPECT_TRUE(has_problem(r, "testcases/vector-addition.json", "$.cases", "7 functional cases, at least 8"))
      << all_problems(r);
  EXPECT_TRUE(has_problem(r, "testcases/vector-addition.json", "$.cases[0].note", "case 'example-1' has no note"))
      << all_problems(r);
}

TEST(Validate, ScalarsOutsideTheirRangeAndExpectedValuesTheReferenceDisagreesWith) {
  SmallCatalog cat;
  edit(cat.file("challenges/vector-addition/challenge.json"), "\"range\": [1, 100000000]", "\"range\": [1, 1000000]");
  content::ChallengeReport r = cat.validate(false);
  EXPECT_TRUE(has_problem(r, "testcases/vector-addition.json", "$.cases[", "is outside the allowed range [1, 1000000]"))
      << all_problems(r);

  SmallCatalog other;
  edit(other.file("testcases/vector-addition.json"), "[5.0, 2.0, -6.0, 7.0]", "[5.0, 2.5, -6.0, 7.0]");
  edit(other.file("challenges/vector-addition/README.md"), "C = [5.0, 2.0, -6.0, 7.0]", "C = [5.0, 2.5, -6.0, 7.0]");
  r = other.validate(false);
  EXPECT_TRUE(has_problem(r, "testcases/vector-addition.json", "$.cases[0].expected.C[1]",
                          "the CPU reference computes 2, the case expects 2.5"))
      << all_problems(r);
  EXPECT_EQ(r.problems.size(), 1u) << all_problems(r);
}

TEST(Validate, TooFewWrongSolutions) {
  SmallCatalog cat;
  const fs::path manifest = cat.file("solutions/vector-addition/expected.json");
  nlohmann::json j = nlohmann::json::parse(read(manifest));
  nlohmann::json kept = nlohmann::json::array();
  bool one_wrong = false;
  for (const auto& s : j["solutions"]) {
    const bool wrong = s["verdict"] != "AC";
    if (wrong && one_wrong)
      fs::remove(cat.file("solutions/vector-addition/" + s["file"].get<std::string>()));
    else
      kept.push_back(s);
    one_wrong = one_wrong || wrong;
  }
  j["solutions"] = kept;
  std::ofstream(manifest) << j.dump(1);
  const content::ChallengeReport r = cat.validate(false);
  EXPECT_TRUE(has_problem(r, "solutions/vector-addition/expected.json", "$.solutions", "1 wrong solution, at least 2"))
      << all_problems(r);
  EXPECT_EQ(r.problems.size(), 1u) << all_problems(r);
}

TEST(Validate, UnlistedMissingAndMislabelledSolutionFiles) {
  SmallCatalog cat;
  const fs::path manifest = cat.file("solutions/vector-addition/expected.json");
  nlohmann::json j = nlohmann::json::parse(read(manifest));
  j["solutions"].push_back(
      {{"file", "wrong/gone.cu"}, {"verdict", "WA"}, {"diagnosis", "mystery"}, {"note", "listed, not there"}});
  j["solutions"].push_back({{"file", "wrong/hang.cu"}, {"verdict", "AK"}, {"note", "listed twice, no such verdict"}});
  std::ofstream(manifest) << j.dump(1);
  std::ofstream(cat.file("solutions/vector-addition/wrong/extra.cu")) << "// not in expected.json\n";
  const content::ChallengeReport r = cat.validate(false);
  const std::string file = "solutions/vector-addition/expected.json";
  EXPECT_TRUE(has_problem(r, "solutions/vector-addition/wrong/extra.cu", "", "not listed in " + file))
      << all_problems(r);
  EXPECT_TRUE(has_problem(r, file, "$.solutions[18].file", "solutions/vector-addition/wrong/gone.cu does not exist"))
      << all_problems(r);
  EXPECT_TRUE(has_problem(r, file, "$.solutions[18].diagnosis", "'mystery' is not a diagnosis code"))
      << all_problems(r);
  EXPECT_TRUE(has_problem(r, file, "$.solutions[19].verdict", "'AK' is not a verdict")) << all_problems(r);
  EXPECT_TRUE(has_problem(r, file, "$.solutions[19].file", "wrong/hang.cu is listed twice")) << all_problems(r);
}

TEST(Validate, BestCuMustBeARung) {
  SmallCatalog cat;
  edit(cat.file("solutions/vector-addition/expected.json"), "\"file\": \"best.cu\", \"verdict\": \"AC\"",
       "\"file\": \"best.cu\", \"verdict\": \"AC\", \"rung\": false");
  const content::ChallengeReport r = cat.validate(false);
  EXPECT_TRUE(
      has_problem(r, "solutions/vector-addition/expected.json", "$.solutions", "best.cu is not an accepted rung"))
      << all_problems(r);
}

TEST(Validate, CloseAndMissingRungsInABaselineFile) {
  SmallCatalog cat;
  const fs::path file = cat.file("baselines/nvidia-h200/vector-addition.json");
  nlohmann::json j = nlohmann::json::parse(read(file));
  auto& e = j["entries"];
  e[1]["median_ms"] = e[0]["median_ms"].get<double>() * 1.01;  // vectorized 1% behind best
  e.erase(e.size() - 1);                                       // the slowest rung unmeasured
  std::ofstream(file) << j.dump(1);
  fs::create_directories(cat.file("baselines/nvidia-b200"));  // a GPU model with no file at all
  const content::ChallengeReport r = cat.validate();
  EXPECT_TRUE(has_problem(r, "baselines/nvidia-h200/vector-addition.json", "",
                          "best (70.0 us) and vectorized (70.7 us) are 1.0% apart (at least 3%)"))
      << all_problems(r);
  EXPECT_TRUE(has_problem(r, "baselines/nvidia-h200/vector-addition.json", "", "incomplete: missing one-block"))
      << all_problems(r);
  EXPECT_TRUE(has_problem(r, "baselines/nvidia-b200/vector-addition.json", "", "missing: the rungs have no baselines"))
      << all_problems(r);
  EXPECT_TRUE(cat.validate(false).ok()) << "--no-baselines skips them";
}

TEST(Validate, ScaffoldMarkersAreProblems) {
  SmallCatalog cat;
  edit(cat.file("challenges/vector-addition/starter.cu"), "// A, B and C", "// TODO(judge new): explain A, B and C");
  const content::ChallengeReport r = cat.validate(false);
  EXPECT_TRUE(
      has_problem(r, "challenges/vector-addition/starter.cu", "line 3", "left from judge new: explain A, B and C"))
      << all_problems(r);
}

TEST(Validate, AFolderWithoutChallengeJson) {
  SmallCatalog cat;
  fs::create_directories(cat.file("challenges/half-done"));
  auto report = content::validate(spec::Catalog(cat.root()), content::challenge_folders(spec::Catalog(cat.root())), {});
  ASSERT_TRUE(report);
  ASSERT_EQ(report->challenges.size(), 2u);
  EXPECT_TRUE(has_problem(report->challenges[0], "challenges/half-done/challenge.json", "",
                          "missing: judge new half-done scaffolds"))
      << all_problems(report->challenges[0]);
}

util::CapturedRun judge_cli(const fs::path& root, std::vector<std::string> args) {
  testing::JudgeCall call;
  call.root = root.string();
  return testing::run_judge(args, call);
}

TEST(ValidateCli, HelpListsValidateAndNew) {
  const auto r = judge_cli(testing::source_root(), {"--help"});
  EXPECT_EQ(r.status.code, 0);
  EXPECT_NE(r.out.text.find("validate"), std::string::npos) << r.out.text;
  EXPECT_NE(r.out.text.find("new"), std::string::npos) << r.out.text;
}

TEST(ValidateCli, JsonReportAndExitCodes) {
  SmallCatalog cat;
  auto ok = judge_cli(cat.root(), {"validate", "--facts", cat.facts().string(), "--json"});
  EXPECT_EQ(ok.status.code, 0) << ok.out.text << ok.err.text;
  const auto j = nlohmann::json::parse(ok.out.text);
  EXPECT_EQ(j["format"], "judge-validate/1");
  EXPECT_EQ(j["challenges"][0]["slug"], "vector-addition");
  EXPECT_TRUE(j["challenges"][0]["ok"].get<bool>());
  EXPECT_EQ(j["challenges"][0]["problems"].size(), 0u);

  auto created = judge_cli(cat.root(), {"new", "vector-max-min", "--interview", "--signature",
                                        "extern \"C\" void solve(const float* input, float* result, int N)"});
  EXPECT_EQ(created.status.code, 0) << created.err.text;
  EXPECT_NE(created.out.text.find("judge validate vector-max-min"), std::string::npos) << created.out.text;
  auto again = judge_cli(cat.root(), {"new", "vector-max-min", "--interview", "--signature",
                                      "extern \"C\" void solve(const float* input, float* result, int N)"});
  EXPECT_EQ(again.status.code, 2);
  EXPECT_NE(again.err.text.find("never overwrites"), std::string::npos) << again.err.text;
  auto text = judge_cli(cat.root(), {"validate", "--facts", cat.facts().string()});
  EXPECT_EQ(text.status.code, 1);
  EXPECT_NE(text.out.text.find("ok   vector-addition"), std::string::npos) << text.out.text;
  EXPECT_NE(text.out.text.find("FAIL vector-max-min"), std::string::npos) << text.out.text;
  EXPECT_NE(text.out.text.find("challenges/vector-max-min/README.md: line 3: left from judge new"), std::string::npos)
      << text.out.text;
  EXPECT_EQ(judge_cli(cat.root(), {"validate", "vector-addtion"}).status.code, 2);
}

}  // namespace
}  // namespace judge
