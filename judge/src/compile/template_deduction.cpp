#include "compile/template_deduction.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace judge::compile {
namespace {

bool is_type_word(const std::string& w) {
  static const std::set<std::string> words = {"void",   "bool",    "char",    "short",    "int",     "long",
                                              "float",  "double",  "signed",  "unsigned", "const",   "volatile",
                                              "size_t", "int32_t", "int64_t", "uint32_t", "uint64_t"};
  return words.count(w) > 0;
}

bool is_identifier(const std::string& w) {
  return !w.empty() && (std::isalpha(static_cast<unsigned char>(w[0])) || w[0] == '_') &&
         std::all_of(w.begin(), w.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// A by-value parameter drops the argument's top-level const and reference (`const int n` -> int).
TypeTokens decayed(TypeTokens t) {
  if (!t.empty() && (t.back() == "&" || t.back() == "&&")) t.pop_back();
  const bool pointer = std::find(t.begin(), t.end(), "*") != t.end();
  if (!pointer) std::erase(t, std::string("const"));
  if (pointer && t.back() == "const") t.pop_back();  // `float* const p`
  return t;
}

std::string joined(const TypeTokens& t, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t k = from; k < to; ++k) out += (out.empty() ? "" : " ") + t[k];
  return out;
}

}  // namespace

Declarator split_declarator(const std::vector<std::string>& tokens) {
  Declarator d;
  for (const std::string& t : tokens)
    if (t != "__restrict__" && t != "restrict" && t != "__restrict") d.type.push_back(t);
  if (d.type.size() >= 2 && is_identifier(d.type.back()) && !is_type_word(d.type.back())) {
    d.name = d.type.back();
    d.type.pop_back();
  }
  return d;
}

std::optional<std::vector<std::string>> deduce_template_arguments(
    const std::vector<TemplateParam>& params, const std::vector<TypeTokens>& parameter_types,
    const std::vector<std::optional<TypeTokens>>& arg_types) {
  if (arg_types.size() > parameter_types.size()) return std::nullopt;
  std::map<std::string, std::string> bound;
  for (std::size_t i = 0; i < arg_types.size(); ++i) {
    const TypeTokens& pattern = parameter_types[i];
    if (pattern.empty()) return std::nullopt;
    std::size_t at = pattern.size(), uses = 0;
    for (std::size_t k = 0; k < pattern.size(); ++k)
      for (const TemplateParam& p : params)
        if (p.is_type && pattern[k] == p.name) {
          at = k;
          ++uses;
        }
    if (uses == 0) continue;  // a parameter without template parameters deduces nothing
    if (uses > 1 || !arg_types[i]) return std::nullopt;
    TypeTokens pattern_here = pattern;
    const TypeTokens arg = pattern.size() == 1 ? decayed(*arg_types[i]) : *arg_types[i];
    // `const T*` takes a `float*` too (a qualification conversion): T is still float.
    if (pattern_here.size() > 1 && pattern_here.front() == "const" && arg.front() != "const") {
      pattern_here.erase(pattern_here.begin());
      --at;
    }
    // pattern = before + [T] + after; the argument must start with `before` and end with `after`.
    const std::size_t before = at, after = pattern_here.size() - at - 1;
    if (arg.empty() || arg.size() < before + after + 1) return std::nullopt;
    if (!std::equal(pattern_here.begin(), pattern_here.begin() + static_cast<long>(before), arg.begin()))
      return std::nullopt;
    if (!std::equal(pattern_here.end() - static_cast<long>(after), pattern_here.end(),
                    arg.end() - static_cast<long>(after)))
      return std::nullopt;
    const std::string value = joined(arg, before, arg.size() - after);
    if (value == "auto" || value.empty()) return std::nullopt;
    if (const auto b = bound.find(pattern_here[at]); b != bound.end() && b->second != value) return std::nullopt;
    bound[pattern_here[at]] = value;
  }
  std::vector<std::string> out;
  for (std::size_t k = 0; k < params.size(); ++k) {
    const auto b = bound.find(params[k].name);
    if (b != bound.end()) {
      out.push_back(b->second);
      continue;
    }
    // Unbound: fine only when it and every later parameter have defaults and none is bound.
    for (std::size_t j = k; j < params.size(); ++j)
      if (!params[j].has_default || bound.count(params[j].name)) return std::nullopt;
    break;
  }
  return out;
}

}  // namespace judge::compile
