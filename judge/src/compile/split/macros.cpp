// Pass 2 of the splitter, macros: takes the SourceTokens, gives the file's Macros (function-like
// definitions, #undef'd names, object-like macros that stand for __global__ and the other
// execution-space words). Also where the later passes ask for an invocation to be expanded: the
// expansion is queued in Findings::expansions, split_source applies it and splits again.
#include <fmt/format.h>

#include <optional>

#include "compile/split/passes.hpp"

namespace judge::compile::splitting {

Macros collect_macros(const SourceTokens& t) {
  Macros m;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (!t.directive(i)) continue;
    const std::vector<Token> d = lex(directive_body(t.text(i)));
    const std::string body = std::string(directive_body(t.text(i)));
    if (d.size() >= 2 && token_text(body, d[0]) == "undef") m.undefined.insert(std::string(token_text(body, d[1])));
    if (d.size() < 2 || token_text(body, d[0]) != "define") continue;
    const std::string name(token_text(body, d[1]));
    if (std::optional<FunctionMacro> f = parse_function_macro(body)) {
      m.function_like[name].push_back(std::move(*f));
      continue;
    }
    for (std::size_t k = 2; k < d.size(); ++k) {
      const std::string_view w = token_text(body, d[k]);
      if (w == "__global__" || w == "__device__" || w == "__host__" || w == "__constant__" || w == "__managed__")
        m.spaces[name].insert(std::string(w));
    }
  }
  return m;
}

std::size_t request_expansion(const SourceTokens& t, const Macros& m, std::size_t i, Findings& found) {
  const auto& defs = m.function_like.at(std::string(t.text(i)));
  if (defs.size() != 1 || m.undefined.count(defs.front().name)) {
    found.issue(fmt::format("function-like macro {} defined more than once (the splitter cannot tell which applies)",
                            t.text(i)),
                t, i);
    return npos;
  }
  const std::size_t close = t.matching(i + 1);
  if (!t.is(close, ")")) {
    found.issue(fmt::format("use of the function-like macro {} without a closing parenthesis", t.text(i)), t, i);
    return npos;
  }
  // Arguments split at top-level commas (only parentheses protect a comma), spelled from their
  // tokens so comments inside a multi-line invocation disappear.
  std::vector<std::string> args(1);
  int depth = 0;
  for (std::size_t k = i + 2; k < close; ++k) {
    if (t.is(k, "(")) ++depth;
    if (t.is(k, ")")) --depth;
    if (depth == 0 && t.is(k, ",")) {
      args.emplace_back();
      continue;
    }
    if (!args.back().empty() && t[k].begin > t[k - 1].end) args.back() += ' ';
    args.back() += t.text(k);
  }
  std::optional<std::string> expansion = expand_function_macro(defs.front(), args);
  if (!expansion) {
    found.issue(fmt::format("use of the function-like macro {} with {} arguments", t.text(i), args.size()), t, i);
    return npos;
  }
  found.expanded_bytes += expansion->size();
  if (found.expanded_bytes > kMaxExpansionBytes) {
    found.issue(fmt::format("function-like macro {} expands to more than {} KiB", t.text(i), kMaxExpansionBytes / 1024),
                t, i);
    return npos;
  }
  found.expansions.push_back(t.replace(t[i].begin, t[close].end, std::move(*expansion)));
  return close;
}

bool macro_needs_host_rewrite(const ScannedSource& s, std::string_view name) {
  const auto m = s.macros.function_like.find(std::string(name));
  if (m == s.macros.function_like.end() || m->second.size() != 1) return false;
  const std::string& body = m->second.front().body;
  const std::vector<Token> b = lex(body);
  for (const Token& t : b) {
    const std::string_view w = token_text(body, t);
    if (w == "<<<" || w.starts_with("cudaMemcpyToSymbol") || w.starts_with("cudaMemcpyFromSymbol") ||
        w == "cudaGetSymbolAddress" || w == "cudaGetSymbolSize")
      return true;
    for (const Entity& e : s.entities)
      if ((e.space == Space::kernel || (e.space == Space::device && e.kind == EntityKind::variable)) && e.name == w)
        return true;
  }
  return false;
}

}  // namespace judge::compile::splitting
