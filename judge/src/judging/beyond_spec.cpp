#include "judging/beyond_spec.hpp"

#include <fmt/format.h>

namespace judge::judging {

std::string beyond_spec_clause(const spec::Challenge& c, const spec::TestCase& tc) {
  const std::vector<spec::Violation> found = spec::scalar_violations(c, tc.scalars);
  if (found.empty()) return tc.beyond_spec;
  return found.front().line();
}

void apply_beyond_spec(TestResult& tr, const spec::Challenge& c, const spec::TestCase& tc, bool strict) {
  if (tc.beyond_spec.empty()) return;
  tr.beyond_spec = beyond_spec_clause(c, tc);
  if (tr.verdict == Verdict::AC || tr.verdict == Verdict::JE) return;
  const std::string code(verdict_code(tr.verdict));
  if (strict) {
    tr.details.insert(
        tr.details.begin(),
        fmt::format("this test lies past the statement's limits ({}); --strict rejects it", tr.beyond_spec));
    return;
  }
  const std::string why = tr.beyond_spec == tc.beyond_spec ? tc.beyond_spec : tr.beyond_spec + "; " + tc.beyond_spec;
  tr.warnings.insert(tr.warnings.begin(),
                     fmt::format("{} on a test past the statement's limits ({}): {}. LeetGPU never runs such a test, "
                                 "so it does not reject the solution (--strict rejects it)",
                                 code, why, tr.summary));
  tr.excused = tr.verdict;
  tr.verdict = Verdict::AC;
}

}  // namespace judge::judging
