#include "spec/challenge.hpp"

#include <fmt/format.h>

#include <cmath>
#include <set>

#include "spec/json_reader.hpp"

namespace judge::spec {

const Param* Challenge::find_param(std::string_view name) const {
  for (const Param& p : params) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

std::string Challenge::origin() const {
  if (source != "leetgpu") return source;
  return adapted.empty() ? fmt::format("leetgpu #{}", number) : fmt::format("leetgpu #{}, adapted", number);
}

bool Challenge::listed_before(const Challenge& other) const {
  const bool mine = source == "leetgpu", theirs = other.source == "leetgpu";
  if (mine != theirs) return mine;
  if (mine && number != other.number) return number < other.number;
  return slug < other.slug;
}

std::string Challenge::signature() const {
  std::string s = "extern \"C\" void solve(";
  for (std::size_t i = 0; i < params.size(); ++i) {
    const Param& p = params[i];
    if (i) s += ", ";
    if (p.pointer && p.role == Role::in) s += "const ";
    s += dtype_c_name(p.type);
    s += p.pointer ? "* " : " ";
    s += p.name;
  }
  return s + ")";
}

Result<std::int64_t> evaluate(const util::Expr& expr, const ScalarValues& scalars) {
  return expr.eval([&](std::string_view name) -> std::optional<std::int64_t> {
    auto it = scalars.find(name);
    if (it == scalars.end()) return std::nullopt;
    return static_cast<std::int64_t>(it->second);
  });
}

Result<std::vector<std::int64_t>> buffer_dims(const Param& p, const ScalarValues& scalars) {
  std::vector<std::int64_t> dims;
  for (const util::Expr& e : p.shape) {
    auto v = evaluate(e, scalars);
    if (!v) return v.error();
    if (*v < 0) return make_error(fmt::format("dimension '{}' of {} is negative ({})", e.text(), p.name, *v));
    dims.push_back(*v);
  }
  return dims;
}

namespace {

Result<std::vector<util::Expr>> read_shape(const Json& j, const JsonPath& at) {
  if (auto s = expect_array(j, at); !s) return s.error();
  if (j.empty()) return at.error("a shape needs at least one dimension");
  std::vector<util::Expr> dims;
  for (std::size_t i = 0; i < j.size(); ++i) {
    std::string text;
    if (j[i].is_number_integer()) {
      text = std::to_string(j[i].get<std::int64_t>());
    } else {
      auto t = get_string(j[i], at.index(i));
      if (!t) return t.error();
      text = *t;
    }
    auto e = util::Expr::parse(text);
    if (!e) return at.index(i).error(e.error().message);
    dims.push_back(std::move(*e));
  }
  return dims;
}

Status read_range(const Json& j, const JsonPath& at, Param& p) {
  if (auto s = expect_array(j, at); !s) return s;
  if (j.size() != 2) return at.error("expected [lo, hi]");
  auto lo = get_number(j[0], at.index(0));
  if (!lo) return lo.error();
  auto hi = get_number(j[1], at.index(1));
  if (!hi) return hi.error();
  if (*lo > *hi) return at.error("lo is greater than hi");
  p.range_lo = *lo;
  p.range_hi = *hi;
  return Ok{};
}

Result<Bound> read_bound(const Json& j, const JsonPath& at) {
  if (j.is_string()) {
    auto b = parse_bound(j.get<std::string>());
    if (!b) return at.error(b.error().message);
    return b;
  }
  auto v = get_number(j, at);
  if (!v) return v.error();
  auto b = parse_bound(*v);
  if (!b) return at.error(b.error().message);
  return b;
}

// `values` of an input buffer: [lo, hi], each a number or an integer expression over scalars.
Status read_values(const Json& j, const JsonPath& at, Param& p) {
  if (auto s = expect_array(j, at); !s) return s;
  if (j.size() != 2) return at.error("expected [lo, hi] (numbers, or expressions over scalars such as \"C-1\")");
  auto lo = read_bound(j[0], at.index(0));
  if (!lo) return lo.error();
  auto hi = read_bound(j[1], at.index(1));
  if (!hi) return hi.error();
  if (!lo->expr && !hi->expr && lo->number > hi->number) return at.error("lo is greater than hi");
  p.values = ValueRange{std::move(*lo), std::move(*hi)};
  return Ok{};
}

// The keys only a buffer may have: how its values are bounded (inputs) or how it starts (outputs).
Status read_buffer_constraints(const Json& j, const JsonPath& at, Param& p) {
  if (j.contains("values")) {
    if (p.role == Role::out) return at.key("values").error("'values' bounds inputs: an output has none");
    if (auto s = read_values(j["values"], at.key("values"), p); !s) return s;
  }
  if (j.contains("allow_nonfinite")) {
    auto b = get_bool(j["allow_nonfinite"], at.key("allow_nonfinite"));
    if (!b) return b.error();
    if (p.role == Role::out || !is_floating(p.type))
      return at.key("allow_nonfinite").error("'allow_nonfinite' applies to floating input buffers only");
    p.allow_nonfinite = *b;
  }
  if (j.contains("init")) {
    auto init = get_string(j["init"], at.key("init"));
    if (!init) return init.error();
    if (*init != "zeros") return at.key("init").error(fmt::format("unknown init '{}' (known: zeros)", *init));
    if (p.role != Role::out) return at.key("init").error("'init' applies to output buffers (role out) only");
    p.starts_zero = true;
  }
  return Ok{};
}

Result<Param> read_param(const Json& j, const JsonPath& at) {
  if (auto s =
          expect_keys(j, at, {"name", "type", "pointer", "role", "shape", "range", "values", "allow_nonfinite", "init"},
                      {"name", "type"});
      !s)
    return s.error();
  Param p;
  auto name = get_string(j["name"], at.key("name"));
  if (!name) return name.error();
  p.name = *name;
  auto type = get_string(j["type"], at.key("type"));
  if (!type) return type.error();
  auto dt = parse_dtype(*type);
  if (!dt)
    return at.key("type").error(
        fmt::format("unknown type '{}' (known: float32, float16, int32, uint32, int64, uint8, int8)", *type));
  p.type = *dt;
  if (j.contains("pointer")) {
    auto b = get_bool(j["pointer"], at.key("pointer"));
    if (!b) return b.error();
    p.pointer = *b;
  }
  if (j.contains("role")) {
    auto r = get_string(j["role"], at.key("role"));
    if (!r) return r.error();
    if (*r == "in")
      p.role = Role::in;
    else if (*r == "out")
      p.role = Role::out;
    else if (*r == "inout")
      p.role = Role::inout;
    else
      return at.key("role").error(fmt::format("unknown role '{}' (known: in, out, inout)", *r));
  }
  if (p.pointer) {
    if (!j.contains("shape")) return at.error("a buffer parameter needs a 'shape'");
    auto shape = read_shape(j["shape"], at.key("shape"));
    if (!shape) return shape.error();
    p.shape = std::move(*shape);
    if (j.contains("range")) return at.key("range").error("'range' applies to scalar parameters only");
    if (auto s = read_buffer_constraints(j, at, p); !s) return s.error();
  } else {
    for (const char* key : {"values", "allow_nonfinite", "init"})
      if (j.contains(key)) return at.key(key).error(fmt::format("'{}' applies to buffer parameters only", key));
    if (p.role != Role::in) return at.key("role").error("scalar parameters are always 'in'");
    if (j.contains("shape")) return at.key("shape").error("'shape' applies to buffer parameters only");
    if (j.contains("range")) {
      if (auto s = read_range(j["range"], at.key("range"), p); !s) return s.error();
    }
  }
  return p;
}

Status check_param_names(const Challenge& c, const JsonPath& at) {
  std::set<std::string> seen;
  for (std::size_t i = 0; i < c.params.size(); ++i) {
    const Param& p = c.params[i];
    if (!seen.insert(p.name).second)
      return at.index(i).key("name").error(fmt::format("duplicate parameter '{}'", p.name));
    for (const util::Expr& e : p.shape) {
      for (const std::string& n : e.names()) {
        const Param* q = c.find_param(n);
        if (!q || q->pointer || is_floating(q->type))
          return at.index(i).key("shape").error(fmt::format("'{}' is not an integer scalar parameter", n));
      }
    }
  }
  return Ok{};
}

// `constraints`: relations between scalars, each over the challenge's scalar parameters.
Status read_relations(const Json& j, const JsonPath& at, Challenge& c) {
  if (auto s = expect_array(j, at); !s) return s;
  for (std::size_t i = 0; i < j.size(); ++i) {
    auto text = get_string(j[i], at.index(i));
    if (!text) return text.error();
    auto r = parse_relation(*text);
    if (!r) return at.index(i).error(r.error().message);
    for (const util::Expr& side : r->sides)
      for (const std::string& n : side.names()) {
        const Param* q = c.find_param(n);
        if (!q || q->pointer) return at.index(i).error(fmt::format("'{}' is not a scalar parameter", n));
      }
    c.relations.push_back(std::move(*r));
  }
  return Ok{};
}

// A `values` bound may name integer scalars only.
Status check_value_bounds(const Challenge& c, const JsonPath& at) {
  for (std::size_t i = 0; i < c.params.size(); ++i) {
    const Param& p = c.params[i];
    if (!p.values) continue;
    for (const Bound* b : {&p.values->lo, &p.values->hi}) {
      if (!b->expr) continue;
      for (const std::string& n : b->expr->names()) {
        const Param* q = c.find_param(n);
        if (!q || q->pointer || is_floating(q->type))
          return at.index(i).key("values").error(fmt::format("'{}' is not an integer scalar parameter", n));
      }
    }
  }
  return Ok{};
}

Status read_work(const Json& j, const JsonPath& at, Challenge& c) {
  if (auto s = expect_keys(j, at, {"bytes", "flops"}, {}); !s) return s;
  for (const char* key : {"bytes", "flops"}) {
    if (!j.contains(key)) continue;
    auto text = get_string(j[key], at.key(key));
    if (!text) return text.error();
    auto e = util::Expr::parse(*text);
    if (!e) return at.key(key).error(e.error().message);
    (std::string_view(key) == "bytes" ? c.work_bytes : c.work_flops) = std::move(*e);
  }
  return Ok{};
}

Status read_tolerance(const Json& j, const JsonPath& at, Challenge& c) {
  if (auto s = expect_keys(j, at, {"atol", "rtol"}, {"atol", "rtol"}); !s) return s;
  auto atol = get_number(j["atol"], at.key("atol"));
  if (!atol) return atol.error();
  auto rtol = get_number(j["rtol"], at.key("rtol"));
  if (!rtol) return rtol.error();
  if (*atol < 0 || *rtol < 0) return at.error("tolerances must be >= 0");
  c.tolerance = {*atol, *rtol};
  return Ok{};
}

Status read_check(const Json& j, const JsonPath& at, Challenge& c) {
  if (auto s = expect_keys(j, at, {"performance_random_samples"}, {"performance_random_samples"}); !s) return s;
  auto n = get_int(j["performance_random_samples"], at.key("performance_random_samples"));
  if (!n) return n.error();
  if (*n < 16 || *n > 1000000) return at.key("performance_random_samples").error("expected 16 to 1000000");
  c.performance_random_samples = static_cast<std::size_t>(*n);
  return Ok{};
}

Status read_header(const Json& j, const JsonPath& at, Challenge& c) {
  auto format = get_int(j["format"], at.key("format"));
  if (!format) return format.error();
  if (*format != 1)
    return at.key("format").error(fmt::format("unsupported format {} (this judge reads format 1)", *format));
  auto slug = get_string(j["slug"], at.key("slug"));
  if (!slug) return slug.error();
  c.slug = *slug;
  if (j.contains("source")) {
    auto source = get_string(j["source"], at.key("source"));
    if (!source) return source.error();
    if (*source != "leetgpu" && *source != "interview")
      return at.key("source").error(fmt::format("expected leetgpu or interview, got '{}'", *source));
    c.source = *source;
  }
  if (c.source == "leetgpu") {
    if (!j.contains("number"))
      return at.error("missing key 'number' (the challenge's number on leetgpu.com; or set \"source\": \"interview\")");
    auto number = get_int(j["number"], at.key("number"));
    if (!number) return number.error();
    if (*number < 1) return at.key("number").error("expected a positive LeetGPU problem number");
    c.number = static_cast<int>(*number);
  } else if (j.contains("number")) {
    return at.key("number").error("only LeetGPU challenges have a number; remove it or set \"source\": \"leetgpu\"");
  }
  if (j.contains("adapted")) {
    auto adapted = get_string(j["adapted"], at.key("adapted"));
    if (!adapted) return adapted.error();
    if (c.source != "leetgpu") return at.key("adapted").error("only a LeetGPU challenge can be adapted");
    c.adapted = *adapted;
  }
  auto title = get_string(j["title"], at.key("title"));
  if (!title) return title.error();
  c.title = *title;
  auto diff = get_string(j["difficulty"], at.key("difficulty"));
  if (!diff) return diff.error();
  if (*diff != "easy" && *diff != "medium" && *diff != "hard")
    return at.key("difficulty").error(fmt::format("expected easy, medium or hard, got '{}'", *diff));
  c.difficulty = *diff;
  return Ok{};
}

}  // namespace

Result<Challenge> load_challenge(const std::filesystem::path& file) {
  auto doc = read_json_file(file);
  if (!doc) return doc.error();
  const Json& j = *doc;
  const JsonPath at(file.string());
  if (auto s = expect_keys(j, at,
                           {"format", "slug", "source", "number", "adapted", "title", "difficulty", "params",
                            "tolerance", "work", "time_limit_ms", "check", "constraints"},
                           {"format", "slug", "title", "difficulty", "params", "tolerance"});
      !s)
    return s.error();
  Challenge c;
  c.dir = file.parent_path();
  if (auto s = read_header(j, at, c); !s) return s.error();
  if (c.dir.filename() != c.slug)
    return at.key("slug").error(
        fmt::format("'{}' does not match the folder name '{}'", c.slug, c.dir.filename().string()));
  const JsonPath pat = at.key("params");
  if (auto s = expect_array(j["params"], pat); !s) return s.error();
  for (std::size_t i = 0; i < j["params"].size(); ++i) {
    auto p = read_param(j["params"][i], pat.index(i));
    if (!p) return p.error();
    c.params.push_back(std::move(*p));
  }
  if (c.params.empty()) return pat.error("solve needs at least one parameter");
  if (auto s = check_param_names(c, pat); !s) return s.error();
  if (auto s = check_value_bounds(c, pat); !s) return s.error();
  if (j.contains("constraints")) {
    if (auto s = read_relations(j["constraints"], at.key("constraints"), c); !s) return s.error();
  }
  if (auto s = read_tolerance(j["tolerance"], at.key("tolerance"), c); !s) return s.error();
  if (j.contains("work")) {
    if (auto s = read_work(j["work"], at.key("work"), c); !s) return s.error();
  }
  if (j.contains("time_limit_ms")) {
    auto t = get_time_limit_ms(j["time_limit_ms"], at.key("time_limit_ms"));
    if (!t) return t.error();
    c.time_limit_ms = *t;
  }
  if (j.contains("check")) {
    if (auto s = read_check(j["check"], at.key("check"), c); !s) return s.error();
  }
  return c;
}

}  // namespace judge::spec
