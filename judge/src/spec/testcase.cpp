#include "spec/testcase.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <set>

#include "spec/json_reader.hpp"
#include "util/expr.hpp"
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

Status check_value_fits(double v, DType t, const JsonPath& at) {
  if (is_floating(t)) return Ok{};
  if (!std::isfinite(v) || std::floor(v) != v)
    return at.error(fmt::format("{} holds integers only, got {}", dtype_name(t), v));
  if (v < dtype_int_min(t) || v > dtype_int_max(t))
    return at.error(fmt::format("{} is out of range for {}", v, dtype_name(t)));
  return Ok{};
}

// Flattens nested lists row-major.
Status read_literal(const Json& j, const JsonPath& at, DType t, std::vector<double>& out) {
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (j[i].is_array()) {
      if (auto s = read_literal(j[i], at.index(i), t, out); !s) return s;
      continue;
    }
    auto v = get_value(j[i], at.index(i));
    if (!v) return v.error();
    if (auto s = check_value_fits(*v, t, at.index(i)); !s) return s;
    out.push_back(*v);
  }
  return Ok{};
}

Result<std::pair<double, double>> read_pair(const Json& j, const JsonPath& at) {
  if (auto s = expect_array(j, at); !s) return s.error();
  if (j.size() != 2) return at.error(fmt::format("expected two numbers, got {}", j.size()));
  auto a = get_value(j[0], at.index(0));
  if (!a) return a.error();
  auto b = get_value(j[1], at.index(1));
  if (!b) return b.error();
  return std::pair{*a, *b};
}

// {"sparse": [nnz, lo, hi]}: exactly nnz nonzero elements, values in [lo, hi).
Result<InputSource> read_sparse(const Json& j, const JsonPath& at, const Param& p, std::size_t count) {
  if (auto s = expect_array(j, at); !s) return s.error();
  if (j.size() != 3) return at.error(fmt::format("expected [nnz, lo, hi], got {} values", j.size()));
  std::array<double, 3> v{};
  for (std::size_t i = 0; i < 3; ++i) {
    auto x = get_value(j[i], at.index(i));
    if (!x) return x.error();
    if (!std::isfinite(*x)) return at.index(i).error("generator arguments must be finite");
    v[i] = *x;
  }
  if (v[0] < 0 || std::floor(v[0]) != v[0] || v[0] > static_cast<double>(count))
    return at.index(0).error(fmt::format("nnz must be an integer in [0, {}] (the element count of {})", count, p.name));
  if (!(v[1] < v[2])) return at.error("expected lo < hi");
  if (!is_floating(p.type)) {
    if (std::floor(v[1]) != v[1] || std::floor(v[2]) != v[2])
      return at.error("integer buffers need integer lo and hi (hi is excluded)");
    if (v[1] <= 0 && 0 < v[2])
      return at.error("0 must not be in [lo, hi): the nonzero values would not all be nonzero");
    if (auto s = check_value_fits(v[1], p.type, at.index(1)); !s) return s.error();
    if (auto s = check_value_fits(v[2] - 1, p.type, at.index(2)); !s) return s.error();
  }
  InputSource src;
  src.kind = InputSource::Kind::sparse;
  src.nnz = static_cast<std::uint64_t>(v[0]);
  src.a = v[1];
  src.b = v[2];
  return src;
}

Result<InputSource> read_segments(const Json& j, const JsonPath& at, const Param& p, std::size_t count,
                                  const ScalarValues& scalars, std::string_view case_name);

Result<InputSource> read_generator(const Json& j, const JsonPath& at, const Param& p, std::size_t count,
                                   const ScalarValues& scalars, std::string_view case_name) {
  if (j.size() != 1)
    return at.error(
        "a generator is an object with exactly one key: uniform, normal, randint, fill, arange, sorted, sparse or "
        "segments");
  const std::string key = j.begin().key();
  const JsonPath kat = at.key(key);
  if (key == "sparse") return read_sparse(j[key], kat, p, count);
  if (key == "segments") return read_segments(j[key], kat, p, count, scalars, case_name);
  InputSource src;
  if (key == "fill") {
    auto v = get_value(j[key], kat);
    if (!v) return v.error();
    if (auto s = check_value_fits(*v, p.type, kat); !s) return s.error();
    src.kind = InputSource::Kind::fill;
    src.a = *v;
    return src;
  }
  using K = InputSource::Kind;
  static const std::map<std::string, K> kinds = {{"uniform", K::uniform},
                                                 {"normal", K::normal},
                                                 {"randint", K::randint},
                                                 {"arange", K::arange},
                                                 {"sorted", K::sorted}};
  auto it = kinds.find(key);
  if (it == kinds.end())
    return kat.error("unknown generator (known: uniform, normal, randint, fill, arange, sorted, sparse, segments)");
  auto pair = read_pair(j[key], kat);
  if (!pair) return pair.error();
  src.kind = it->second;
  std::tie(src.a, src.b) = *pair;
  if (!std::isfinite(src.a) || !std::isfinite(src.b)) return kat.error("generator arguments must be finite");
  if ((src.kind == K::uniform || src.kind == K::normal) && !is_floating(p.type))
    return kat.error(
        fmt::format("'{}' makes floating values; {} is {} (use randint)", key, p.name, dtype_name(p.type)));
  if (src.kind == K::uniform && !(src.a < src.b)) return kat.error("expected lo < hi");
  if (src.kind == K::normal && !(src.b >= 0)) return kat.error("the standard deviation must be >= 0");
  if (src.kind == K::sorted && !(src.a < src.b)) return kat.error("expected lo < hi");
  if (src.kind == K::randint || (src.kind == K::sorted && !is_floating(p.type))) {
    if (std::floor(src.a) != src.a || std::floor(src.b) != src.b || !(src.a < src.b))
      return kat.error("expected integers lo < hi (hi is excluded)");
    if (auto s = check_value_fits(src.a, p.type, kat.index(0)); !s) return s.error();
    if (auto s = check_value_fits(src.b - 1, p.type, kat.index(1)); !s) return s.error();
  }
  if (src.kind == K::arange && !is_floating(p.type)) {
    if (std::floor(src.a) != src.a || std::floor(src.b) != src.b)
      return kat.error("integer buffers need integer start and step");
  }
  return src;
}

// A segment's element count: an integer, or an integer expression over the scalars (as in shapes).
Result<std::uint64_t> segment_count(const Json& j, const JsonPath& at, const ScalarValues& scalars) {
  std::string text;
  if (j.is_number_integer()) {
    text = j.dump();
  } else {
    auto t = get_string(j, at);
    if (!t) return t.error();
    text = *t;
  }
  auto e = util::Expr::parse(text);
  if (!e) return at.error(e.error().message);
  auto n = evaluate(*e, scalars);
  if (!n) return at.error(n.error().message);
  if (*n < 0) return at.error(fmt::format("the count '{}' is negative ({})", text, *n));
  return static_cast<std::uint64_t>(*n);
}

// {"segments": [[count, GENERATOR], ...]}: consecutive parts of one buffer, each with its own
// generator (a model's weights packed into one buffer, each kind with its own distribution).
Result<InputSource> read_segments(const Json& j, const JsonPath& at, const Param& p, std::size_t count,
                                  const ScalarValues& scalars, std::string_view case_name) {
  if (auto s = expect_array(j, at); !s) return s.error();
  if (j.empty()) return at.error("expected a list of [count, generator] segments, got none");
  InputSource src;
  src.kind = InputSource::Kind::segments;
  std::uint64_t total = 0;
  for (std::size_t k = 0; k < j.size(); ++k) {
    const JsonPath sat = at.index(k);
    if (!j[k].is_array() || j[k].size() != 2) return sat.error("expected [count, generator]");
    auto n = segment_count(j[k][0], sat.index(0), scalars);
    if (!n) return n.error();
    const Json& g = j[k][1];
    const JsonPath gat = sat.index(1);
    if (!g.is_object()) return gat.error("expected a generator object, got " + describe_json_type(g));
    if (g.contains("segments")) return gat.key("segments").error("segments do not nest: list every part in one list");
    auto part = read_generator(g, gat, p, *n, scalars, case_name);
    if (!part) return part.error();
    if (__builtin_add_overflow(total, *n, &total)) return sat.error("the segment counts overflow");
    src.segments.push_back({*n, std::move(*part)});
  }
  if (total != count)
    return at.error(fmt::format("case '{}': the segments of {} add up to {} elements, the buffer holds {}", case_name,
                                p.name, total, count));
  return src;
}

Result<std::size_t> element_count(const Param& p, const ScalarValues& scalars, const JsonPath& at) {
  auto dims = buffer_dims(p, scalars);
  if (!dims) return at.error(dims.error().message);
  std::size_t n = 1;
  for (std::int64_t d : *dims) {
    if (__builtin_mul_overflow(n, static_cast<std::size_t>(d), &n)) return at.error("buffer size overflows");
  }
  return n;
}

Result<InputSource> read_input(const Json& j, const JsonPath& at, const Param& p, const TestCase& tc) {
  auto count = element_count(p, tc.scalars, at);
  if (!count) return count.error();
  if (j.is_object()) return read_generator(j, at, p, *count, tc.scalars, tc.name);
  if (!j.is_array()) return at.error("expected a list of values or a generator object, got " + describe_json_type(j));
  InputSource src;
  if (auto s = read_literal(j, at, p.type, src.values); !s) return s.error();
  if (src.values.size() != *count)
    return at.error(fmt::format("expected {} values for shape of {}, got {}", *count, p.name, src.values.size()));
  return src;
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
