#include "content/constraints_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <set>

#include "gen/generate.hpp"
#include "spec/dtype.hpp"

namespace judge::content {
namespace fs = std::filesystem;

namespace {

std::set<std::string> names_in(const std::string& text) {
  std::set<std::string> out;
  if (auto e = util::Expr::parse(text))
    for (const std::string& n : e->names()) out.insert(n);
  return out;
}

// Some relation of challenge.json, or a `values` bound, names all of `wanted`.
bool related(const spec::Challenge& c, const std::set<std::string>& wanted) {
  for (const spec::Relation& r : c.relations) {
    std::set<std::string> have;
    for (const util::Expr& side : r.sides)
      for (const std::string& n : side.names()) have.insert(n);
    if (std::includes(have.begin(), have.end(), wanted.begin(), wanted.end())) return true;
  }
  for (const spec::Param& p : c.params) {
    if (!p.values || !wanted.count(p.name)) continue;
    std::set<std::string> have{p.name};
    for (const spec::Bound* b : {&p.values->lo, &p.values->hi})
      if (b->expr)
        for (const std::string& n : b->expr->names()) have.insert(n);
    if (std::includes(have.begin(), have.end(), wanted.begin(), wanted.end())) return true;
  }
  return false;
}

// One numeric bound of the table against challenge.json's: equal, or strictly inside for "<".
std::optional<std::string> bound_mismatch(const ClauseBound& table, bool strict, bool is_lo, double ours,
                                          bool integer) {
  if (!table.number) return std::nullopt;
  double want = *table.number;
  if (strict && integer) want += is_lo ? 1 : -1;  // 0<x on integers is 1<=x
  if (!strict || integer) {
    if (ours == want) return std::nullopt;
    return fmt::format("{} {} here, {} in the statement", is_lo ? "lower bound" : "upper bound", ours, want);
  }
  if (is_lo ? ours > want : ours < want) return std::nullopt;
  return fmt::format("{} {} here must lie strictly {} {}", is_lo ? "lower bound" : "upper bound", ours,
                     is_lo ? "above" : "below", want);
}

void check_named(const spec::Challenge& c, const Clause& cl, const spec::Param& p, std::size_t index,
                 const std::string& file, const std::string& table, Problems& out) {
  const std::string where = fmt::format("$.params[{}]", index);
  const bool integer = !spec::is_floating(p.type);
  auto report = [&](const std::string& what) {
    out.push_back({file, where, fmt::format("{}: the statement says '{}' ({})", what, cl.text, table)});
  };
  if (p.role == spec::Role::out) return;
  if (!p.pointer && !p.range_lo) return report(fmt::format("'{}' has no \"range\"", p.name));
  if (p.pointer && !p.values) return report(fmt::format("input '{}' has no \"values\": [lo, hi]", p.name));
  const std::pair<const ClauseBound*, bool> sides[] = {{&cl.lo, true}, {&cl.hi, false}};
  for (auto [b, is_lo] : sides) {
    const bool strict = is_lo ? cl.strict_lo : cl.strict_hi;
    if (!b->number) {  // a bound over other scalars: a relation or a `values` expression must say it
      std::set<std::string> wanted = names_in(b->text);
      wanted.insert(p.name);
      if (!related(c, wanted))
        report(fmt::format("nothing in challenge.json relates {} to {}: add \"constraints\": [\"{} {} {}\"]{}", p.name,
                           b->text, is_lo ? b->text : p.name, strict ? "<" : "<=", is_lo ? p.name : b->text,
                           p.pointer ? " or a \"values\" bound over it" : ""));
      continue;
    }
    double ours = 0;
    if (!p.pointer) {
      ours = is_lo ? *p.range_lo : *p.range_hi;
    } else {
      const spec::Bound& mine = is_lo ? p.values->lo : p.values->hi;
      if (mine.expr) {
        report(fmt::format("the {} bound of {}'s values is '{}', the statement's is a number",
                           is_lo ? "lower" : "upper", p.name, mine.text()));
        continue;
      }
      ours = mine.number;
    }
    if (auto m = bound_mismatch(*b, strict, is_lo, ours, integer)) report(fmt::format("{}: {}", p.name, *m));
  }
}

void check_clause(const spec::Challenge& c, const Clause& cl, const std::string& file, const std::string& table,
                  Problems& out) {
  if (!cl.chain.empty()) {
    std::set<std::string> wanted;
    for (const std::string& operand : cl.chain)
      for (const std::string& n : names_in(operand))
        if (c.find_param(n)) wanted.insert(n);
    if (!wanted.empty() && !related(c, wanted))
      out.push_back({file, "$.constraints",
                     fmt::format("no relation says '{}' ({}): add it to \"constraints\"", cl.text, table)});
    return;
  }
  for (const std::string& name : cl.names) {
    for (std::size_t i = 0; i < c.params.size(); ++i)
      if (c.params[i].name == name) check_named(c, cl, c.params[i], i, file, table, out);
  }
}

// Where a generator's values lie by its definition (uniform [a, b) in [a, b], randint [a, b) in
// [a, b - 1], ...), or nullopt where only the values tell (literal, normal).
std::optional<std::pair<double, double>> generator_limits(const spec::InputSource& s, std::size_t count) {
  using K = spec::InputSource::Kind;
  switch (s.kind) {
    case K::uniform:
    case K::sorted:
      return std::pair{s.a, s.b};
    case K::randint:
      return std::pair{s.a, s.b - 1};
    case K::fill:
      return std::pair{s.a, s.a};
    case K::arange: {
      const double last = s.a + s.b * static_cast<double>(count ? count - 1 : 0);
      return std::pair{std::min(s.a, last), std::max(s.a, last)};
    }
    case K::sparse:
      return std::pair{std::min(s.a, 0.0), std::max(s.b, 0.0)};
    case K::segments: {  // every segment's limits, where each has them
      std::optional<std::pair<double, double>> all;
      for (const spec::InputSegment& seg : s.segments) {
        if (seg.count == 0) continue;
        auto g = generator_limits(seg.source, seg.count);
        if (!g) return std::nullopt;
        all = all ? std::pair{std::min(all->first, g->first), std::max(all->second, g->second)} : *g;
      }
      return all;
    }
    default:
      return std::nullopt;
  }
}

// The values of one input of a case, as the judge generates them. A generator whose definition
// keeps every value inside the limits needs no scan (a perf case holds up to 10^8 values).
std::optional<spec::Violation> input_violation(const spec::Param& p, const spec::TestCase& tc) {
  auto dims = spec::buffer_dims(p, tc.scalars);
  if (!dims) return spec::Violation{spec::value_clause(p), dims.error().message};
  std::size_t count = 1;
  for (std::int64_t d : *dims) count *= static_cast<std::size_t>(d);
  const spec::InputSource& src = tc.inputs.at(p.name);
  auto limits = spec::value_limits(p, tc.scalars);
  if (auto g = generator_limits(src, count); g && limits && std::isfinite(g->first) && std::isfinite(g->second) &&
                                             g->first >= limits->first && g->second <= limits->second)
    return std::nullopt;
  std::vector<unsigned char> data(count * spec::dtype_bytes(p.type));
  gen::generate(src, p.type, tc.seed, p.name, data.data(), count);
  return spec::value_violation(p, tc.scalars, data.data(), count);
}

}  // namespace

std::vector<spec::Violation> case_violations(const spec::Challenge& c, const spec::TestCase& tc) {
  std::vector<spec::Violation> out = spec::scalar_violations(c, tc.scalars);
  for (const spec::Param& p : c.params) {
    if (!p.pointer || p.role == spec::Role::out || !tc.inputs.count(p.name)) continue;
    if (auto v = input_violation(p, tc)) out.push_back(std::move(*v));
  }
  return out;
}

Problems check_statement_facts(const fs::path& root, const spec::Challenge& c, const StatementRow& row,
                               const StatementFacts& facts) {
  Problems out;
  const std::string file = relative_name(root, c.dir / "challenge.json");
  const std::string table = fmt::format("{}:{}", facts.file.filename().string(), row.line);
  for (const Clause& cl : row.clauses) check_clause(c, cl, file, table, out);
  for (std::size_t i = 0; i < c.params.size(); ++i) {
    const spec::Param& p = c.params[i];
    if (!p.pointer || p.role != spec::Role::out) continue;
    const bool guaranteed = std::count(row.zero_outputs.begin(), row.zero_outputs.end(), p.name) > 0;
    if (guaranteed && !p.starts_zero)
      out.push_back({file, fmt::format("$.params[{}]", i),
                     fmt::format("{} starts at zero on LeetGPU ('{}', {}): add \"init\": \"zeros\", so a solution "
                                 "that relies on it is judged as there",
                                 p.name, row.output_init, table)});
    if (!guaranteed && p.starts_zero)
      out.push_back({file, fmt::format("$.params[{}].init", i),
                     fmt::format("nothing guarantees that {} starts at zero ('{}', {}): remove \"init\", so the "
                                 "marker fill catches a solution that reads it before writing",
                                 p.name, row.output_init.empty() ? "no entry" : row.output_init, table)});
  }
  return out;
}

Problems check_case_constraints(const fs::path& root, const spec::Challenge& c, const spec::TestSuite& suite) {
  Problems out;
  const std::string file = relative_name(root, root / "testcases" / (c.slug + ".json"));
  for (std::size_t i = 0; i < suite.cases.size(); ++i) {
    const spec::TestCase& tc = suite.cases[i];
    const std::vector<spec::Violation> found = case_violations(c, tc);
    const std::string where = fmt::format("$.cases[{}]", i);
    if (!found.empty() && tc.beyond_spec.empty())
      out.push_back({file, where,
                     fmt::format("case '{}' lies outside the statement: {}: keep it inside the constraints (LeetGPU "
                                 "never runs such a test), or mark it \"beyond_spec\" with the reason",
                                 tc.name, found.front().line())});
    if (found.empty() && !tc.beyond_spec.empty())
      out.push_back({file, where + ".beyond_spec",
                     fmt::format("case '{}' is marked beyond_spec but lies inside every constraint of challenge.json: "
                                 "remove the mark, or add the constraint it exceeds",
                                 tc.name)});
  }
  return out;
}

Problems check_performance_size(const fs::path& root, const spec::Challenge& c, const spec::TestSuite& suite,
                                const FactRow& row) {
  Problems out;
  const std::string file = relative_name(root, root / "testcases" / (c.slug + ".json"));
  const auto performance = std::count_if(suite.cases.begin(), suite.cases.end(),
                                         [](const spec::TestCase& t) { return t.kind == spec::CaseKind::performance; });
  for (std::size_t i = 0; i < suite.cases.size(); ++i) {
    const spec::TestCase& tc = suite.cases[i];
    // The larger case beside the official one is not at the official size by design.
    if (tc.kind != spec::CaseKind::performance || (performance == 2 && tc.ranks)) continue;
    static const std::regex kSize(R"(([A-Za-z_][A-Za-z0-9_]*)=(-?[0-9.eE+-]+))");
    for (auto it = std::sregex_iterator(row.perf_sizes.begin(), row.perf_sizes.end(), kSize);
         it != std::sregex_iterator(); ++it) {
      const std::string name = (*it)[1];
      auto s = tc.scalars.find(name);
      if (s == tc.scalars.end()) continue;  // a size that is no parameter here (an adapted signature)
      const double official = std::stod((*it)[2]);
      if (s->second != official)
        out.push_back({file, fmt::format("$.cases[{}].scalars.{}", i, name),
                       fmt::format("the performance case has {} = {}, the official performance size is {} = {} "
                                   "({}): time at the official size; where it is launch-bound, add a larger case "
                                   "beside it with \"rank\": true",
                                   name, s->second, name, official, row.perf_sizes)});
    }
  }
  return out;
}

}  // namespace judge::content
