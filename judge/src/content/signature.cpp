#include "content/signature.hpp"

#include <fmt/format.h>

#include <cctype>
#include <map>
#include <set>

namespace judge::content {

std::string normalize_signature(std::string_view s) {
  std::vector<std::string> tokens;
  for (std::size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      tokens.emplace_back(s.substr(i, j - i));
      i = j;
    } else if (c == '"') {
      const std::size_t j = s.find('"', i + 1);
      const std::size_t end = j == std::string_view::npos ? s.size() : j + 1;
      tokens.emplace_back(s.substr(i, end - i));
      i = end;
    } else {
      tokens.emplace_back(1, c);
      ++i;
    }
  }
  while (!tokens.empty() && (tokens.back() == ";" || tokens.back() == "{")) tokens.pop_back();
  std::string out;
  for (const std::string& t : tokens) out += (out.empty() ? "" : " ") + t;
  return out;
}

Result<compile::Prototype> parse_signature(std::string_view text, std::string_view where) {
  std::string decl(text);
  if (normalize_signature(decl) == normalize_signature(decl + ";")) decl += ";";
  return compile::parse_solve_prototype(decl, where);
}

std::optional<spec::DType> dtype_of_declared(const std::string& base) {
  using spec::DType;
  static const std::map<std::string, DType> kTypes = {
      {"float", DType::float32},   {"half", DType::float16},        {"int", DType::int32},
      {"int32_t", DType::int32},   {"unsigned int", DType::uint32}, {"uint32_t", DType::uint32},
      {"long long", DType::int64}, {"int64_t", DType::int64},       {"unsigned char", DType::uint8},
      {"uint8_t", DType::uint8},   {"signed char", DType::int8},    {"int8_t", DType::int8},
      {"char", DType::int8},
  };
  auto it = kTypes.find(base);
  if (it == kTypes.end()) return std::nullopt;
  return it->second;
}

std::string_view role_name(spec::Role role) {
  switch (role) {
    case spec::Role::in:
      return "in";
    case spec::Role::out:
      return "out";
    case spec::Role::inout:
      return "inout";
  }
  return "?";
}

namespace {

std::string describe(const spec::Param& p) {
  return fmt::format("{}{}{} {}", p.pointer && p.role == spec::Role::in ? "const " : "", spec::dtype_c_name(p.type),
                     p.pointer ? "*" : "", p.name);
}

// Integer spellings the spec has no type of its own for: any integer scalar binds to them.
bool type_matches(const spec::Param& p, const compile::DeclaredParam& d) {
  if (const auto t = dtype_of_declared(d.base)) return *t == p.type;
  static const std::set<std::string> kOtherIntegers = {
      "long", "unsigned long", "unsigned long long", "size_t", "ssize_t", "ptrdiff_t", "uint64_t"};
  return !p.pointer && !spec::is_floating(p.type) && kOtherIntegers.count(d.base) > 0;
}

}  // namespace

std::vector<SignatureDifference> signature_differences(const spec::Challenge& c, const compile::Prototype& official,
                                                       const std::vector<std::pair<std::string, std::string>>& roles) {
  std::vector<SignatureDifference> out;
  if (official.params.size() != c.params.size()) {
    out.push_back({"$.params", fmt::format("{} parameters, the official signature has {}: list them in its order",
                                           c.params.size(), official.params.size())});
    return out;
  }
  for (std::size_t i = 0; i < c.params.size(); ++i) {
    const spec::Param& p = c.params[i];
    const compile::DeclaredParam& d = official.params[i];
    const std::string where = fmt::format("$.params[{}]", i);
    const std::string both = fmt::format("'{}' here, '{}' in the official signature", describe(p), d.written);
    if (p.name != d.name) {
      out.push_back({where, fmt::format("{}: use the official name '{}'", both, d.name)});
      continue;
    }
    if (p.pointer != (d.pointer_depth == 1)) {
      out.push_back({where, fmt::format("{}: set \"pointer\" to {}", both, d.pointer_depth == 1)});
      continue;
    }
    if (!type_matches(p, d)) out.push_back({where, fmt::format("{}: use the official element type", both)});
    if (!p.pointer) continue;
    if (d.pointee_const && p.role != spec::Role::in)
      out.push_back({where, fmt::format("{}: a const pointer is an input, so \"role\" must be \"in\"", both)});
    for (const auto& [name, role] : roles) {
      if (name == p.name && role != role_name(p.role))
        out.push_back({where, fmt::format("\"role\" is \"{}\", the facts table says \"{}\"", role_name(p.role), role)});
    }
  }
  return out;
}

}  // namespace judge::content
