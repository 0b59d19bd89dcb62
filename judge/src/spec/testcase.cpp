#include "spec/testcase.hpp"

#include <fmt/format.h>

#include <cctype>
#include <set>

#include "spec/input_source.hpp"
#include "spec/json_reader.hpp"
#include "util/sha256.hpp"

namespace judge::spec {

std::string_view case_kind_name(CaseKind k) {
  switch (k) {
    case CaseKind::example:
      return "example";
    case CaseKind::functional:
      return "functional";
    case CaseKind::performance:
      return "performance";
  }
  return "?";
}

std::uint64_t default_seed(std::string_view slug, std::string_view case_name) {
  const std::string hex = util::sha256_hex(std::string(slug) + "/" + std::string(case_name));
  return std::stoull(hex.substr(0, 15), nullptr, 16);  // 60 bits: fits a JSON integer exactly in every reader
}

namespace {

bool valid_case_name(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) return false;
  }
  return true;
}

Status read_scalars(const Json& j, const JsonPath& at, const Challenge& c, TestCase& tc) {
  if (auto s = expect_object(j, at); !s) return s;
  for (const auto& [key, value] : j.items()) {
    const Param* p = c.find_param(key);
    if (!p || p->pointer) return at.key(key).error(fmt::format("'{}' is not a scalar parameter of {}", key, c.slug));
  }
  for (const Param& p : c.params) {
    if (p.pointer) continue;
    if (!j.contains(p.name)) return at.error(fmt::format("missing scalar '{}'", p.name));
    const JsonPath pat = at.key(p.name);
    auto v = get_number(j[p.name], pat);
    if (!v) return v.error();
    if (auto s = check_value_fits(*v, p.type, pat); !s) return s;
    if (p.range_lo && (*v < *p.range_lo || *v > *p.range_hi) && tc.beyond_spec.empty())
      return pat.error(
          fmt::format("{} is outside the allowed range [{}, {}] (challenge.json): change the case, or mark it "
                      "\"beyond_spec\" with the reason if it must lie past the statement's limits",
                      *v, *p.range_lo, *p.range_hi));
    tc.scalars[p.name] = *v;
  }
  return Ok{};
}

Status read_inputs(const Json& j, const JsonPath& at, const Challenge& c, TestCase& tc) {
  if (auto s = expect_object(j, at); !s) return s;
  for (const auto& [key, value] : j.items()) {
    const Param* p = c.find_param(key);
    if (!p || !p->pointer || p->role == Role::out)
      return at.key(key).error(fmt::format("'{}' is not an input buffer of {}", key, c.slug));
    auto src = read_input(value, at.key(key), *p, tc);
    if (!src) return src.error();
    tc.inputs[key] = std::move(*src);
  }
  for (const Param& p : c.params) {
    if (p.pointer && p.role != Role::out && !tc.inputs.count(p.name))
      return at.error(fmt::format("missing input '{}'", p.name));
  }
  return Ok{};
}

Status read_expected(const Json& j, const JsonPath& at, const Challenge& c, TestCase& tc) {
  if (auto s = expect_object(j, at); !s) return s;
  for (const auto& [key, value] : j.items()) {
    const Param* p = c.find_param(key);
    if (!p || !p->pointer || p->role == Role::in)
      return at.key(key).error(fmt::format("'{}' is not an output buffer of {}", key, c.slug));
    auto src = read_input(value, at.key(key), *p, tc);
    if (!src) return src.error();
    if (src->kind != InputSource::Kind::literal) return at.key(key).error("expected values must be literal");
    tc.expected[key] = std::move(src->values);
  }
  return Ok{};
}

Result<CaseKind> read_kind(const Json& j, const JsonPath& at) {
  auto k = get_string(j, at);
  if (!k) return k.error();
  if (*k == "example") return CaseKind::example;
  if (*k == "functional") return CaseKind::functional;
  if (*k == "performance") return CaseKind::performance;
  return at.error(fmt::format("unknown kind '{}' (known: example, functional, performance)", *k));
}

// "generated": true on an example whose inputs are too large to list: the statement describes them
// in words (content/readme_check.cpp). Only an example needs the mark, and only with a generator.
Status read_generated(const Json& j, const JsonPath& at, TestCase& tc) {
  auto generated = get_bool(j, at);
  if (!generated) return generated.error();
  if (!*generated) return Ok{};
  if (tc.kind != CaseKind::example)
    return at.error("only an example case is marked generated: the other kinds may generate their inputs anyway");
  bool any = false;
  for (const auto& [name, src] : tc.inputs) any = any || src.kind != InputSource::Kind::literal;
  if (!any) return at.error("every input of this example is literal: drop \"generated\"");
  tc.generated = true;
  return Ok{};
}

Result<TestCase> read_case(const Json& j, const JsonPath& at, const Challenge& c) {
  if (auto s = expect_keys(j, at,
                           {"name", "kind", "seed", "scalars", "inputs", "expected", "note", "time_limit_ms",
                            "beyond_spec", "rank", "generated"},
                           {"name", "kind", "scalars", "inputs"});
      !s)
    return s.error();
  TestCase tc;
  auto name = get_string(j["name"], at.key("name"));
  if (!name) return name.error();
  if (!valid_case_name(*name)) return at.key("name").error("use letters, digits, '-' and '_' only");
  tc.name = *name;
  auto kind = read_kind(j["kind"], at.key("kind"));
  if (!kind) return kind.error();
  tc.kind = *kind;
  tc.seed = default_seed(c.slug, tc.name);
  if (j.contains("seed")) {
    auto seed = get_uint(j["seed"], at.key("seed"));
    if (!seed) return seed.error();
    tc.seed = *seed;
  }
  if (j.contains("note")) {
    auto note = get_string(j["note"], at.key("note"));
    if (!note) return note.error();
    tc.note = *note;
  }
  if (j.contains("time_limit_ms")) {
    auto t = get_time_limit_ms(j["time_limit_ms"], at.key("time_limit_ms"));
    if (!t) return t.error();
    tc.time_limit_ms = *t;
  }
  if (j.contains("beyond_spec")) {
    auto why = get_string(j["beyond_spec"], at.key("beyond_spec"));
    if (!why) return why.error();
    if (why->find_first_not_of(" \t") == std::string::npos)
      return at.key("beyond_spec").error("say which clause the case exceeds and why it exists");
    tc.beyond_spec = *why;
  }
  if (j.contains("rank")) {
    auto rank = get_bool(j["rank"], at.key("rank"));
    if (!rank) return rank.error();
    if (*rank && tc.kind != CaseKind::performance)
      return at.key("rank").error("only a performance case ranks: a larger one beside the official one");
    tc.ranks = *rank;
  }
  if (auto s = read_scalars(j["scalars"], at.key("scalars"), c, tc); !s) return s.error();
  if (auto s = read_inputs(j["inputs"], at.key("inputs"), c, tc); !s) return s.error();
  if (j.contains("generated")) {
    if (auto s = read_generated(j["generated"], at.key("generated"), tc); !s) return s.error();
  }
  if (j.contains("expected")) {
    if (auto s = read_expected(j["expected"], at.key("expected"), c, tc); !s) return s.error();
  }
  // Every buffer's shape must evaluate for this case, outputs included.
  for (const Param& p : c.params) {
    if (!p.pointer) continue;
    if (auto n = element_count(p, tc.scalars, at.key("scalars")); !n) return n.error();
  }
  return tc;
}

}  // namespace

const TestCase* ranking_case(const TestSuite& suite) {
  for (const TestCase& tc : suite.cases)
    if (tc.ranks) return &tc;
  return nullptr;
}

Result<TestSuite> load_testcases(const std::filesystem::path& file, const Challenge& c) {
  auto doc = read_json_file(file);
  if (!doc) return doc.error();
  const Json& j = *doc;
  const JsonPath at(file.string());
  if (auto s = expect_keys(j, at, {"format", "challenge", "cases"}, {"format", "challenge", "cases"}); !s)
    return s.error();
  auto format = get_int(j["format"], at.key("format"));
  if (!format) return format.error();
  if (*format != 1)
    return at.key("format").error(fmt::format("unsupported format {} (this judge reads format 1)", *format));
  auto slug = get_string(j["challenge"], at.key("challenge"));
  if (!slug) return slug.error();
  if (*slug != c.slug) return at.key("challenge").error(fmt::format("names '{}', expected '{}'", *slug, c.slug));
  const JsonPath cat = at.key("cases");
  if (auto s = expect_array(j["cases"], cat); !s) return s.error();
  TestSuite suite;
  std::set<std::string> names;
  int performance = 0, ranked = 0;
  for (std::size_t i = 0; i < j["cases"].size(); ++i) {
    auto tc = read_case(j["cases"][i], cat.index(i), c);
    if (!tc) return tc.error();
    if (!names.insert(tc->name).second)
      return cat.index(i).key("name").error(fmt::format("duplicate case name '{}'", tc->name));
    performance += tc->kind == CaseKind::performance;
    ranked += tc->ranks;
    suite.cases.push_back(std::move(*tc));
  }
  if (performance > 2 || (performance == 2 && ranked != 1))
    return cat.error(
        "one performance case (the official size), and at most one larger one beside it marked \"rank\": true");
  if (performance == 1 && ranked == 1)
    return cat.error("the case marked \"rank\": true stands beside the official performance case, which is missing");
  for (TestCase& tc : suite.cases)
    if (tc.kind == CaseKind::performance && performance == 1) tc.ranks = true;
  if (suite.cases.empty()) return cat.error("no test cases");
  return suite;
}

}  // namespace judge::spec
