#include "spec/input_source.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>

#include "util/expr.hpp"

namespace judge::spec {

Status check_value_fits(double v, DType t, const JsonPath& at) {
  if (is_floating(t)) return Ok{};
  if (!std::isfinite(v) || std::floor(v) != v)
    return at.error(fmt::format("{} holds integers only, got {}", dtype_name(t), v));
  if (v < dtype_int_min(t) || v > dtype_int_max(t))
    return at.error(fmt::format("{} is out of range for {}", v, dtype_name(t)));
  return Ok{};
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

namespace {

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

}  // namespace

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

}  // namespace judge::spec
