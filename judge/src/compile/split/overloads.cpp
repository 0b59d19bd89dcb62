// Overloaded kernels, for pass 4 (emit): C++ picks among overloads by the launch's arguments, so
// the host half lets the host compiler do it. Each overload gets a host declaration
// `Pick<index, void(*)(params)> judge_overload_k(params);` beside its stub, and a launch becomes
// `launcher(decltype(judge_overload_k(args)){}, ...)`; the device half names each overload by
// `static_cast<void(*)(params)>(ns::k)`. Takes the ScannedSource and one kernel or launch, gives
// edits, name expressions and issues in Findings.
#include <fmt/format.h>

#include <optional>

#include "compile/split/passes.hpp"

namespace judge::compile::splitting {
namespace {

// The parameter list of function `e` on one line: default arguments dropped (`drop_defaults`,
// for a function type), names of this file's namespace-scope entities qualified (NVRTC reads a
// name expression at global scope).
std::optional<std::string> parameter_text(const ScannedSource& s, const Entity& e, bool drop_defaults, bool qualify) {
  const SourceTokens& t = s.tokens;
  const std::size_t close = t.matching(e.params_open);
  std::string out;
  bool in_default = false;
  int depth = 0;
  for (std::size_t k = e.params_open + 1; k < close; ++k) {
    if (t.directive(k)) return std::nullopt;
    const std::string_view w = t.text(k);
    if (w == "(" || w == "[" || w == "{" || w == "<") ++depth;
    if (w == ")" || w == "]" || w == "}" || w == ">") --depth;
    if (depth == 0 && w == ",") in_default = false;
    if (depth == 0 && w == "=" && drop_defaults) in_default = true;
    if (in_default) continue;
    if (!out.empty() && t[k].begin > t[k - 1].end) out += ' ';
    const std::optional<std::string> q =
        qualify && t.ident(k) && !t.is(k - 1, "::") ? qualify_argument(s, w) : std::nullopt;
    out += q ? *q : std::string(w);
  }
  return out;
}

}  // namespace

bool is_overloaded(const ScannedSource& s, const Entity& e) {
  if (e.space != Space::kernel || e.body_open == npos) return false;
  int defined = 0;
  for (const Entity& o : s.entities)
    defined += o.space == Space::kernel && o.body_open != npos && o.name == e.name && o.ns == e.ns;
  return defined > 1;
}

std::string overload_pick(const ScannedSource& s, const Entity& e, Findings& found) {
  if (!is_overloaded(s, e)) return "";
  const std::optional<std::string> type = parameter_text(s, e, true, true);
  const std::optional<std::string> params = parameter_text(s, e, false, false);
  if (e.is_template || !type || !params) {
    found.issue(fmt::format("overloaded or repeated kernel name {}", e.name), s.tokens, e.params_open);
    return "";
  }
  const std::string pointer = fmt::format("void (*)({})", *type);
  const int index = found.name_index(fmt::format("static_cast<{}>({})", pointer, qualified(e)), false);
  return fmt::format(" ::judge_nvrtc::Pick<{}, {}> judge_overload_{}({});", index, pointer, e.name, *params);
}

void rewrite_overloaded_launch(const ScannedSource& s, std::string_view w, std::size_t k, std::size_t start,
                               std::size_t after, Findings& found) {
  const SourceTokens& t = s.tokens;
  const std::size_t close = t.launch_close(after);
  if (close == npos || !t.is(close + 1, "(")) {
    found.issue("kernel launch without a closing >>> and arguments", t, after);
    return;
  }
  const std::size_t args_close = t.matching(close + 1);
  std::string args;
  for (std::size_t a = close + 2; a < args_close; ++a) {
    if (t.directive(a)) {
      found.issue(fmt::format("preprocessor line inside the launch of overloaded kernel {}", w), t, a);
      return;
    }
    if (!args.empty() && t[a].begin > t[a - 1].end) args += ' ';
    args += t.text(a);
  }
  std::string prefix(t.source.substr(t[start].begin, t[k].begin - t[start].begin));
  std::erase_if(prefix, [](char c) { return c == '\n' || c == '\r'; });
  ++found.launches;
  found.host_edits.push_back(
      t.replace(t[start].begin, t[after].end,
                fmt::format("judge_nvrtc::launcher(decltype({}judge_overload_{}({})){{}}, ", prefix, w, args)));
  found.host_edits.push_back(t.replace(t[close].begin, t[close].end, ")"));
}

}  // namespace judge::compile::splitting
