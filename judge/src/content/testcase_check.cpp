#include "content/testcase_check.hpp"

#include <fmt/format.h>

#include "check/compare.hpp"
#include "content/reference_check.hpp"
#include "reference/reference.hpp"

namespace judge::content {
namespace fs = std::filesystem;

namespace {

void check_counts(const spec::TestSuite& suite, const std::string& file, Problems& out) {
  std::size_t count[3] = {0, 0, 0};
  for (const spec::TestCase& tc : suite.cases) ++count[static_cast<int>(tc.kind)];
  if (count[0] < kMinExamples)
    out.push_back({file, "$.cases",
                   "no example case: add example-1 with literal inputs and expected values, the statement's "
                   "Example 1"});
  if (count[1] < kMinFunctional)
    out.push_back({file, "$.cases",
                   fmt::format("{} functional case{}, at least {}: add cases at the edges of the constraints "
                               "(sizes 1-4, not multiples of 4/32, the largest, zeros, negatives, extremes)",
                               count[1], count[1] == 1 ? "" : "s", kMinFunctional)});
  if (count[2] < 1)
    out.push_back({file, "$.cases", "no performance case: add one at the official size and distribution"});
}

void check_example_case(const spec::Challenge& c, const spec::TestCase& tc, std::size_t k, const std::string& where,
                        const std::string& file, Problems& out) {
  if (tc.name != fmt::format("example-{}", k))
    out.push_back({file, where + ".name",
                   fmt::format("the example cases are named example-1, example-2, ... in order (the statement's "
                               "Example k shows example-k): rename '{}' to 'example-{}'",
                               tc.name, k)});
  // A generated example ("generated": true) lists neither inputs nor outputs: the statement says them
  // in words, and its scalars are checked against the README (content/readme_check.cpp).
  if (tc.generated) return;
  for (const spec::Param& p : c.params) {
    if (!p.pointer) continue;
    if (p.role != spec::Role::out && tc.inputs.at(p.name).kind != spec::InputSource::Kind::literal)
      out.push_back({file, fmt::format("{}.inputs.{}", where, p.name),
                     "an example's inputs are literal values (the statement shows them): write the list"});
    if (p.role != spec::Role::in && !tc.expected.count(p.name))
      out.push_back({file, fmt::format("{}.expected", where),
                     fmt::format("no expected values for {}: write them (the statement shows them, and the "
                                 "validation checks the CPU reference against them)",
                                 p.name)});
  }
}

void check_reference(const spec::Challenge& c, const spec::TestCase& tc, const std::string& where,
                     const std::string& file, Problems& out) {
  auto mismatches = check_expected(c, tc);
  if (!mismatches) {
    out.push_back({file, where, mismatches.error().message + ": fix the reference"});
    return;
  }
  for (const ExpectedMismatch& m : *mismatches) {
    const spec::DType type = c.find_param(m.buffer)->type;
    out.push_back(
        {file, fmt::format("{}.expected.{}[{}]", where, m.buffer, m.index),
         fmt::format("the CPU reference computes {}, the case expects {}{}: fix the expected values or "
                     "challenges/{}/reference.cpp",
                     check::format_value(m.got, type), check::format_value(m.want, type),
                     m.mismatches > 1 ? fmt::format(" ({} of {} values differ)", m.mismatches, m.count) : "", c.slug)});
  }
}

}  // namespace

Problems check_testcases(const fs::path& root, const spec::Challenge& c, const spec::TestSuite& suite) {
  Problems out;
  const std::string file = relative_name(root, root / "testcases" / (c.slug + ".json"));
  check_counts(suite, file, out);
  const bool has_reference = reference::find(c.slug) != nullptr;
  if (!has_reference)
    out.push_back({relative_name(root, c.dir / "reference.cpp"), "",
                   fmt::format("no CPU reference is registered for '{}' in this judge: the build compiles every "
                               "challenges/*/reference.cpp in, so rebuild it (cmake --build build)",
                               c.slug)});
  std::size_t examples = 0;
  for (std::size_t i = 0; i < suite.cases.size(); ++i) {
    const spec::TestCase& tc = suite.cases[i];
    const std::string where = fmt::format("$.cases[{}]", i);
    if (tc.note.find_first_not_of(" \t") == std::string::npos)
      out.push_back({file, where + ".note", fmt::format("case '{}' has no note: say why it exists", tc.name)});
    if (tc.kind == spec::CaseKind::example) check_example_case(c, tc, ++examples, where, file, out);
    if (has_reference && !tc.expected.empty()) check_reference(c, tc, where, file, out);
  }
  return out;
}

}  // namespace judge::content
