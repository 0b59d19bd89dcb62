#include "content/challenge_check.hpp"

#include <fmt/format.h>

#include <cmath>

#include "content/signature.hpp"
#include "util/spell.hpp"

namespace judge::content {
namespace fs = std::filesystem;

namespace {

bool same_number(double a, double b) {
  return std::fabs(a - b) <= 1e-12 * std::max(std::fabs(a), std::fabs(b));
}

void check_keys(const spec::Challenge& c, const std::string& file, Problems& out) {
  for (std::size_t i = 0; i < c.params.size(); ++i) {
    const spec::Param& p = c.params[i];
    // Sizes and counts bound the tests; a float scalar (a scale, a threshold) may be unbounded.
    if (!p.pointer && !spec::is_floating(p.type) && !p.range_lo)
      out.push_back({file, fmt::format("$.params[{}]", i),
                     fmt::format("integer scalar '{}' has no \"range\": add [lo, hi], the constraint the statement "
                                 "gives, so every test case is checked against it",
                                 p.name)});
  }
  if (!c.work_bytes)
    out.push_back({file, "$.work",
                   "no \"work\": {\"bytes\": ...}: give the fewest bytes a solution must move (and \"flops\"), "
                   "the speed-of-light figure of every report"});
}

void check_facts(const spec::Challenge& c, const FactRow& row, const Facts& facts, const std::string& file,
                 Problems& out) {
  const std::string table = fmt::format("the facts table ({}:{})", facts.file.filename().string(), row.line);
  if (c.source != "leetgpu") {
    out.push_back({file, "$.source",
                   fmt::format("'{}' is LeetGPU #{} in {}: remove \"source\" (and give \"number\"), or choose "
                               "another slug for a challenge of ours",
                               c.slug, row.number, table)});
    return;
  }
  if (c.number != row.number)
    out.push_back({file, "$.number", fmt::format("{} here, {} in {}: use the table's", c.number, row.number, table)});
  if (c.title != row.title)
    out.push_back({file, "$.title", fmt::format("'{}' here, '{}' in {}: use the table's", c.title, row.title, table)});
  if (c.difficulty != row.difficulty)
    out.push_back({file, "$.difficulty",
                   fmt::format("'{}' here, '{}' in {}: use the table's", c.difficulty, row.difficulty, table)});
  if (!same_number(c.tolerance.atol, row.atol) || !same_number(c.tolerance.rtol, row.rtol))
    out.push_back({file, "$.tolerance",
                   fmt::format("atol {:g}, rtol {:g} here; atol {:g}, rtol {:g} in {}: keep the official tolerance",
                               c.tolerance.atol, c.tolerance.rtol, row.atol, row.rtol, table)});
  if (!c.adapted.empty()) return;  // it says how its signature differs
  auto official = parse_signature(row.signature, table);
  if (!official) {
    out.push_back({file, "$",
                   fmt::format("{} has no CUDA signature to keep ('{}'): say in \"adapted\" what this challenge "
                               "takes instead, and why",
                               table, row.signature)});
    return;
  }
  std::vector<std::pair<std::string, std::string>> roles;
  for (const FactRole& r : row.roles) roles.emplace_back(r.name, r.role);
  for (const SignatureDifference& d : signature_differences(c, *official, roles))
    out.push_back({file, d.where,
                   fmt::format("{} (official: {}); a LeetGPU solution must run unchanged", d.message, row.signature)});
}

}  // namespace

Problems check_challenge_json(const fs::path& root, const spec::Challenge& c, const Facts* facts) {
  Problems out;
  const std::string file = relative_name(root, c.dir / "challenge.json");
  check_keys(c, file, out);
  if (!facts) return out;
  if (const FactRow* row = facts->find(c.slug)) {
    check_facts(c, *row, *facts, file, out);
  } else if (c.source == "leetgpu" && c.adapted.empty()) {
    std::string near;
    if (auto m = util::closest_match(c.slug, facts->slugs())) near = fmt::format(" (did you mean '{}'?)", *m);
    out.push_back({file, "$.slug",
                   fmt::format("'{}' is not in the facts table {}{}: use LeetGPU's slug, set \"source\": "
                               "\"interview\" for a challenge of ours, or say in \"adapted\" how it differs",
                               c.slug, facts->file.string(), near)});
  }
  return out;
}

std::string expected_signature(const spec::Challenge& c, const Facts* facts) {
  if (facts && c.adapted.empty() && c.source == "leetgpu") {
    const FactRow* row = facts->find(c.slug);
    if (row && parse_signature(row->signature, "facts")) return row->signature;
  }
  return c.signature();
}

}  // namespace judge::content
