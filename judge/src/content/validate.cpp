#include "content/validate.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "baseline/ladder.hpp"
#include "content/baselines_check.hpp"
#include "content/challenge_check.hpp"
#include "content/compile_check.hpp"
#include "content/constraints_check.hpp"
#include "content/facts.hpp"
#include "content/markers.hpp"
#include "content/readme_check.hpp"
#include "content/solutions_check.hpp"
#include "content/starter_check.hpp"
#include "content/testcase_check.hpp"

namespace judge::content {
namespace fs = std::filesystem;

namespace {

void append(Problems& to, Problems from) {
  to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
}

// The files --compile builds: the starter and every listed solution that exists (a missing one
// is already a problem of the solutions check).
void compile_files(const fs::path& root, const std::string& slug, const baseline::Ladder& ladder,
                   std::vector<CompileFile>& files) {
  std::error_code ec;
  if (fs::exists(root / "challenges" / slug / "starter.cu", ec))
    files.push_back({slug, "challenges/" + slug + "/starter.cu", false});
  for (const baseline::ListedSolution& s : ladder.listed) {
    const std::string file = "solutions/" + slug + "/" + s.file;
    if (fs::is_regular_file(root / file, ec) && s.file.ends_with(".cu"))
      files.push_back({slug, file, s.verdict == "CE"});
  }
}

ChallengeReport validate_one(const spec::Catalog& cat, const std::string& slug, const Facts* facts,
                             const StatementFacts* statements, const ValidateOptions& o,
                             std::vector<CompileFile>& to_compile) {
  const fs::path& root = cat.root();
  ChallengeReport r{slug, check_markers(root, slug)};
  const std::string spec_file = "challenges/" + slug + "/challenge.json";
  std::error_code ec;
  auto c = cat.challenge(slug);
  if (!fs::exists(root / spec_file, ec)) {
    r.problems.push_back({spec_file, "", "missing: judge new " + slug + " scaffolds a challenge's files"});
  } else if (!c) {
    r.problems.push_back(problem_from_error(root, spec_file, c.error()));
  } else {
    append(r.problems, check_challenge_json(root, *c, facts));
    auto suite = cat.testcases(*c);
    if (!suite) r.problems.push_back(problem_from_error(root, "testcases/" + slug + ".json", suite.error()));
    const std::string signature = expected_signature(*c, facts);
    append(r.problems, check_readme(root, *c, suite ? &*suite : nullptr, signature));
    if (suite) append(r.problems, check_testcases(root, *c, *suite));
    // The statement gate: challenge.json against the statement, every case against challenge.json.
    if (const StatementRow* row = statements ? statements->find(slug) : nullptr)
      append(r.problems, check_statement_facts(root, *c, *row, *statements));
    if (suite) append(r.problems, check_case_constraints(root, *c, *suite));
    if (const FactRow* row = facts ? facts->find(slug) : nullptr; row && suite)
      append(r.problems, check_performance_size(root, *c, *suite, *row));
    append(r.problems, check_starter(root, *c, signature));
  }
  auto ladder = baseline::load_ladder(cat.solutions_dir(slug), slug);
  if (!ladder) {
    r.problems.push_back(problem_from_error(root, "solutions/" + slug + "/expected.json", ladder.error()));
    return r;
  }
  append(r.problems, check_solutions(root, *ladder));
  if (o.baselines) append(r.problems, check_baselines(root, *ladder));
  if (o.compile) compile_files(root, slug, *ladder, to_compile);
  return r;
}

}  // namespace

bool ValidateReport::ok() const {
  return std::all_of(challenges.begin(), challenges.end(), [](const ChallengeReport& c) { return c.ok(); });
}

std::vector<std::string> challenge_folders(const spec::Catalog& cat) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(cat.root() / "challenges", ec)) {
    if (e.is_directory()) out.push_back(e.path().filename().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

Result<ValidateReport> validate(const spec::Catalog& cat, const std::vector<std::string>& slugs,
                                const ValidateOptions& o) {
  ValidateReport report;
  std::optional<Facts> facts;
  std::optional<StatementFacts> statements;
  const fs::path facts_file = o.facts.value_or(default_facts_file(cat.root()));
  std::error_code ec;
  if (o.facts || fs::exists(facts_file, ec)) {
    auto f = load_facts(facts_file);
    if (!f) return f.error();
    facts = std::move(*f);
    report.facts_file = facts_file.string();
    const fs::path statements_file = statement_facts_file(facts_file);
    if (fs::exists(statements_file, ec)) {
      auto st = load_statement_facts(statements_file);
      if (!st) return st.error();
      statements = std::move(*st);
      report.statements_file = statements_file.string();
    } else {
      report.facts_note = fmt::format(
          "no statements table at {}, so challenge.json's constraints were not compared with the statements'",
          statements_file.string());
    }
  } else {
    report.facts_note = fmt::format(
        "no facts table at {}, so challenge.json was not compared with LeetGPU's signature, number and tolerance "
        "(pass --facts FILE)",
        facts_file.string());
  }
  std::vector<CompileFile> to_compile;
  for (const std::string& slug : slugs)
    report.challenges.push_back(
        validate_one(cat, slug, facts ? &*facts : nullptr, statements ? &*statements : nullptr, o, to_compile));
  if (o.compile) {
    auto found = check_compile(cat.root(), to_compile, {o.executable});
    for (ChallengeReport& r : report.challenges) append(r.problems, std::move(found[r.slug]));
  }
  return report;
}

}  // namespace judge::content
