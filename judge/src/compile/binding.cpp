#include "compile/binding.hpp"

#include <fmt/format.h>

#include <map>
#include <set>

#include "compile/solve_header.hpp"

namespace judge::compile {

namespace {

using spec::DType;

// Spellings accepted for a buffer's element type (after normalization).
bool element_type_matches(DType t, const std::string& base) {
  static const std::map<DType, std::set<std::string>> kNames = {
      {DType::float32, {"float"}},
      {DType::float16, {"half"}},
      {DType::int32, {"int", "int32_t"}},
      {DType::uint32, {"unsigned int", "uint32_t"}},
      {DType::int64, {"long", "long long", "int64_t"}},
      {DType::uint8, {"unsigned char", "uint8_t"}},
      {DType::int8, {"signed char", "int8_t", "char"}},
  };
  return kNames.at(t).count(base) > 0;
}

// Integer scalar spellings and how they are stored (LP64: long is 64 bits).
const std::map<std::string, ArgKind>& integer_scalars() {
  static const std::map<std::string, ArgKind> k = {
      {"int", ArgKind::i32},
      {"int32_t", ArgKind::i32},
      {"unsigned int", ArgKind::u32},
      {"uint32_t", ArgKind::u32},
      {"long", ArgKind::i64},
      {"long long", ArgKind::i64},
      {"int64_t", ArgKind::i64},
      {"ssize_t", ArgKind::i64},
      {"ptrdiff_t", ArgKind::i64},
      {"unsigned long", ArgKind::u64},
      {"unsigned long long", ArgKind::u64},
      {"uint64_t", ArgKind::u64},
      {"size_t", ArgKind::u64},
  };
  return k;
}

std::string describe_spec(const spec::Param& p) {
  return fmt::format("{}{}{} {}", p.pointer && p.role == spec::Role::in ? "const " : "", spec::dtype_c_name(p.type),
                     p.pointer ? "*" : "", p.name);
}

Result<BoundParam> bind_buffer(const DeclaredParam& d, const spec::Param& p, const std::string& where) {
  if (d.pointer_depth != 1)
    return make_error(fmt::format("{}: must be a pointer to {} ({}), but is declared '{}'", where,
                                  spec::dtype_c_name(p.type), describe_spec(p), d.written));
  if (!element_type_matches(p.type, d.base))
    return make_error(fmt::format("{}: points to '{}', but the challenge's buffer holds {} ({})", where, d.base,
                                  spec::dtype_c_name(p.type), describe_spec(p)));
  if (d.pointee_const && p.role != spec::Role::in)
    return make_error(
        fmt::format("{}: solve writes {}, so it cannot be declared const ('{}')", where, p.name, d.written));
  const std::string base = d.base == "half" ? "__half" : d.base;
  return BoundParam{ArgKind::pointer, fmt::format("{}{}*", d.pointee_const ? "const " : "", base)};
}

Result<BoundParam> bind_scalar(const DeclaredParam& d, const spec::Param& p, const std::string& where) {
  if (d.pointer_depth != 0)
    return make_error(fmt::format("{}: must be a {} passed by value ({}), but is declared '{}'", where,
                                  spec::dtype_c_name(p.type), describe_spec(p), d.written));
  if (spec::is_floating(p.type)) {
    if (d.base == "float") return BoundParam{ArgKind::f32, "float"};
    if (d.base == "double") return BoundParam{ArgKind::f64, "double"};
    return make_error(
        fmt::format("{}: must be float or double ({}), but is declared '{}'", where, describe_spec(p), d.written));
  }
  auto it = integer_scalars().find(d.base);
  if (it == integer_scalars().end())
    return make_error(
        fmt::format("{}: must be an integer type of 32 bits or more such as int ({}), but is declared '{}'", where,
                    describe_spec(p), d.written));
  return BoundParam{it->second, d.base};
}

}  // namespace

Result<Binding> bind_prototype(const Prototype& proto, const spec::Challenge& c, std::string_view file) {
  if (proto.params.size() != c.params.size()) {
    return make_error(fmt::format("{}:{}: signature mismatch: your solve takes {} parameter{}, {} expects {}:\n  {}",
                                  file, proto.line, proto.params.size(), proto.params.size() == 1 ? "" : "s", c.slug,
                                  c.params.size(), c.signature()));
  }
  Binding b;
  for (std::size_t i = 0; i < c.params.size(); ++i) {
    const DeclaredParam& d = proto.params[i];
    const spec::Param& p = c.params[i];
    const std::string where = fmt::format("{}:{}: signature mismatch: parameter {} ('{}', the challenge's {})", file,
                                          d.line, i + 1, d.name.empty() ? d.written : d.name, p.name);
    auto bound = p.pointer ? bind_buffer(d, p, where) : bind_scalar(d, p, where);
    if (!bound) return bound.error();
    b.params.push_back(std::move(*bound));
  }
  if (proto.cpp_linkage) b.solve_header = make_solve_header(c);
  return b;
}

}  // namespace judge::compile
