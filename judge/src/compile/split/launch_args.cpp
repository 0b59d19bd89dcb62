// Template arguments of kernel references, for pass 4 (emit) and its host rewrite: NVRTC
// instantiates a kernel template by a name expression read at global scope, so the arguments
// written at a launch (`k<kBlock, T>`) are spelled out there (namespace-scope names qualified,
// constants local to the host function replaced by their values), and arguments not written at
// all are deduced from the declared types of the launch's arguments (compile/template_deduction.hpp).
// Takes the ScannedSource, the host function and the reference; gives the argument text.
#include <fmt/format.h>

#include <algorithm>

#include "compile/split/passes.hpp"
#include "compile/template_deduction.hpp"

namespace judge::compile::splitting {
namespace {

std::vector<std::string> before_default(std::vector<std::string> tokens) {
  if (const auto eq = std::find(tokens.begin(), tokens.end(), "="); eq != tokens.end()) tokens.erase(eq, tokens.end());
  return tokens;
}

// The declared type of variable `name` as function `f` sees it before token `at`: one of f's
// parameters, or the last plain local declaration (`const float* p = ...;`, `int n;`).
std::optional<TypeTokens> declared_type(const SourceTokens& t, const Entity& f, std::string_view name, std::size_t at) {
  std::optional<TypeTokens> found;
  for (const auto& p : t.comma_list(f.params_open + 1, t.matching(f.params_open))) {
    const Declarator d = split_declarator(before_default(p));
    if (d.name == name) found = d.type;
  }
  for (std::size_t j = f.body_open + 1; j < at; ++j) {
    if (t.text(j) != name ||
        !(t.is(j + 1, "=") || t.is(j + 1, ";") || t.is(j + 1, "{") || t.is(j + 1, "(") || t.is(j + 1, "[")))
      continue;
    if (!(t.ident(j - 1) || t.is(j - 1, "*") || t.is(j - 1, "&"))) continue;
    std::size_t s = j;
    while (s > f.body_open + 1 && !t.is(s - 1, ";") && !t.is(s - 1, "{") && !t.is(s - 1, "}") && !t.is(s - 1, "(")) --s;
    TypeTokens type;
    bool plain = true;
    for (std::size_t k = s; k < j; ++k) {
      const std::string_view w = t.text(k);
      if (w == "static" || w == "register") continue;
      if (w == "constexpr") {
        type.emplace_back("const");
        continue;
      }
      plain &= w != "," && w != "auto" && w != "return" && w != "=" && w != "." && w != "->";
      type.emplace_back(w);
    }
    if (plain && !type.empty() && !t.is(j + 1, "[")) found = type;
    if (!plain || t.is(j + 1, "[")) found.reset();
  }
  return found;
}

}  // namespace

std::string qualified(const Entity& e) {
  std::string q;
  for (const std::string& n : e.ns) q += n + "::";
  return q + e.name;
}

std::optional<std::string> qualify_argument(const ScannedSource& s, std::string_view w) {
  for (const Entity& e : s.entities)
    if (e.name == w && e.kind != EntityKind::function && !e.ns.empty()) return qualified(e);
  return std::nullopt;
}

std::map<std::string, std::string> local_constants(const SourceTokens& t, const Entity& f) {
  std::map<std::string, std::string> out;
  for (std::size_t k = f.body_open + 1; k < f.body_close; ++k) {
    if (!(t.is(k - 1, ";") || t.is(k - 1, "{") || t.is(k - 1, "}"))) continue;  // a statement's start
    std::size_t j = k;
    bool constant = false;
    while (t.is(j, "constexpr") || t.is(j, "const") || t.is(j, "static")) constant |= !t.is(j++, "static");
    std::string type;
    for (; j < f.body_close && t.ident(j) && !(t.is(j + 1, "=") || t.is(j + 1, "{")); ++j) {
      if (t.is(j, "const") || t.is(j, "constexpr")) {
        constant = true;
        continue;
      }
      type += (type.empty() ? "" : " ") + std::string(t.text(j));
    }
    if (!constant || type.empty() || !t.ident(j)) continue;
    while (t.ident(j) && (t.is(j + 1, "=") || t.is(j + 1, "{"))) {  // each declarator: name = init
      const std::size_t init = j + 2;                               // after `=`, or inside `{`
      std::size_t end = init;
      if (t.is(j + 1, "{")) {
        end = t.matching(j + 1);
      } else {
        for (int depth = 0; end < f.body_close; ++end) {
          if (t.is(end, "(") || t.is(end, "[") || t.is(end, "{")) ++depth;
          if (t.is(end, ")") || t.is(end, "]") || t.is(end, "}")) --depth;
          if (depth == 0 && (t.is(end, ",") || t.is(end, ";"))) break;
        }
      }
      std::string value;
      for (std::size_t v = init; v < end; ++v)
        value += std::string(v > init && t[v].begin > t[v - 1].end ? " " : "") + std::string(t.text(v));
      out.emplace(std::string(t.text(j)),
                  type == "auto" ? "(" + value + ")" : fmt::format("static_cast<{}>({})", type, value));
      j = t.is(end, "}") ? end + 1 : end;
      if (!t.is(j, ",")) break;
      ++j;
    }
  }
  return out;
}

std::string substitute_locals(const std::string& value, const std::map<std::string, std::string>& locals, int depth) {
  if (depth > 8) return value;
  std::string out;
  const std::vector<Token> toks = lex(value);
  for (std::size_t k = 0; k < toks.size(); ++k) {
    const std::string_view w = token_text(value, toks[k]);
    const bool after_scope = k > 0 && token_text(value, toks[k - 1]) == "::";
    const auto l = toks[k].kind == TokenKind::identifier && !after_scope ? locals.find(std::string(w)) : locals.end();
    if (k > 0 && toks[k].begin > toks[k - 1].end) out += ' ';  // the initializer's own spacing
    out += l != locals.end() ? substitute_locals(l->second, locals, depth + 1) : std::string(w);
    if (out.size() > kMaxArgumentBytes) break;  // the caller reports it
  }
  return out;
}

bool template_arguments(const ScannedSource& s, std::size_t open, const Entity& f,
                        const std::map<std::string, std::string>& locals, std::size_t& close, std::string& args,
                        Findings& found) {
  const SourceTokens& t = s.tokens;
  int depth = 0;
  for (std::size_t k = open; k < f.body_close; ++k) {
    const std::string_view w = t.text(k);
    if (w == "<" || w == "(") ++depth;
    if (w == ")") --depth;
    if (w == ">") --depth;
    if (w == ">>") depth -= 2;
    if (depth <= 0 || w == ";" || w == "{") {
      if (w != ">" || depth != 0) {
        found.issue("template arguments the splitter cannot read", t, open);
        return false;
      }
      close = k;
      return true;
    }
    if (k == open) continue;
    if (!args.empty() && t[k].begin > t[k - 1].end) args += ' ';
    if (t.ident(k) && !t.is(k - 1, "::") && locals.count(std::string(w))) {
      args += substitute_locals(std::string(w), locals, 0);
      if (args.size() > kMaxArgumentBytes) {
        found.issue(fmt::format("template arguments longer than {} KiB once local constants are replaced",
                                kMaxArgumentBytes / 1024),
                    t, open);
        return false;
      }
      continue;
    }
    const std::optional<std::string> q = t.ident(k) && !t.is(k - 1, "::") ? qualify_argument(s, w) : std::nullopt;
    args += q ? *q : std::string(w);
  }
  found.issue("template arguments the splitter cannot read", t, open);
  return false;
}

std::optional<std::string> deduce_launch(const SourceTokens& t, const Entity& kernel, const Entity& f,
                                         std::size_t open) {
  if (!t.is(kernel.first, "template") || !t.is(kernel.first + 1, "<") || kernel.params_open == npos)
    return std::nullopt;
  std::size_t template_close = kernel.first + 1;
  for (int depth = 0; template_close < kernel.params_open; ++template_close) {
    if (t.is(template_close, "<")) ++depth;
    if (t.is(template_close, ">") && --depth == 0) break;
  }
  std::vector<TemplateParam> params;
  for (const auto& p : t.comma_list(kernel.first + 2, template_close)) {
    if (p.empty()) return std::nullopt;
    TemplateParam tp;
    tp.is_type = p[0] == "typename" || p[0] == "class";
    tp.has_default = std::find(p.begin(), p.end(), "=") != p.end();
    const std::vector<std::string> head = before_default(p);
    if (head.empty()) return std::nullopt;  // `template <= 3>`: not C++, nvcc says so
    tp.name = head.back();
    params.push_back(std::move(tp));
  }
  std::vector<TypeTokens> parameter_types;
  for (const auto& p : t.comma_list(kernel.params_open + 1, t.matching(kernel.params_open)))
    parameter_types.push_back(split_declarator(before_default(p)).type);
  const std::size_t close = t.launch_close(open);
  if (close == npos || !t.is(close + 1, "(")) return std::nullopt;
  std::vector<std::optional<TypeTokens>> arg_types;
  for (const auto& a : t.comma_list(close + 2, t.matching(close + 1)))
    arg_types.push_back(a.size() == 1 ? declared_type(t, f, a[0], open) : std::nullopt);
  const auto deduced = deduce_template_arguments(params, parameter_types, arg_types);
  if (!deduced) return std::nullopt;
  std::string out;
  for (const std::string& d : *deduced) out += (out.empty() ? "" : ", ") + d;
  return out;
}

}  // namespace judge::compile::splitting
