#include "compile/macro_expand.hpp"

#include "compile/lexer.hpp"

namespace judge::compile {
namespace {

// Continuation lines joined, so the lexer sees one logical line.
std::string join_continuations(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size() && (s[i + 1] == '\n' || (s[i + 1] == '\r' && i + 2 < s.size()))) {
      i += s[i + 1] == '\r' ? 2 : 1;
      out += ' ';
      continue;
    }
    out += s[i] == '\n' || s[i] == '\r' ? ' ' : s[i];
  }
  return out;
}

std::string trim(std::string_view s) {
  const std::size_t b = s.find_first_not_of(" \t\n\r\f\v");
  if (b == std::string_view::npos) return "";
  return std::string(s.substr(b, s.find_last_not_of(" \t\n\r\f\v") - b + 1));
}

// `#x`: the argument's spelling as a string literal, inner whitespace runs collapsed.
std::string stringize(std::string_view arg) {
  std::string out = "\"";
  bool space = false;
  for (char c : trim(arg)) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = true;
      continue;
    }
    if (space) out += ' ';
    space = false;
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

std::optional<FunctionMacro> parse_function_macro(std::string_view directive) {
  const std::string d = join_continuations(directive);
  const std::vector<Token> t = lex(d);
  if (t.size() < 3 || token_text(d, t[0]) != "define" || t[1].kind != TokenKind::identifier) return std::nullopt;
  if (token_text(d, t[2]) != "(" || t[2].begin != t[1].end) return std::nullopt;  // object-like
  FunctionMacro m;
  m.name = std::string(token_text(d, t[1]));
  std::size_t k = 3;
  for (; k < t.size() && token_text(d, t[k]) != ")"; ++k) {
    const std::string_view w = token_text(d, t[k]);
    if (w == ",") continue;
    if (w == ".") {  // `...`, lexed as three dots
      m.variadic = true;
      if (m.params.empty() || token_text(d, t[k - 1]) == "," || token_text(d, t[k - 1]) == "(")
        m.params.emplace_back("__VA_ARGS__");
      while (k + 1 < t.size() && token_text(d, t[k + 1]) == ".") ++k;
      continue;
    }
    if (t[k].kind != TokenKind::identifier) return std::nullopt;
    m.params.emplace_back(w);
  }
  if (k >= t.size()) return std::nullopt;
  m.body = trim(std::string_view(d).substr(t[k].end));
  return m;
}

std::optional<std::string> expand_function_macro(const FunctionMacro& m, const std::vector<std::string>& given) {
  std::vector<std::string> args = given;
  // `M()` passes one empty argument, which a macro without parameters takes as none.
  if (m.params.empty() && args.size() == 1 && trim(args[0]).empty()) args.clear();
  if (m.variadic) {
    if (args.size() + 1 < m.params.size()) return std::nullopt;
    std::string rest;
    for (std::size_t i = m.params.size() - 1; i < args.size(); ++i) rest += (rest.empty() ? "" : ", ") + trim(args[i]);
    args.resize(m.params.size() - 1);
    args.push_back(rest);
  } else if (args.size() != m.params.size()) {
    return std::nullopt;
  }
  auto param = [&](std::string_view w) -> const std::string* {
    for (std::size_t i = 0; i < m.params.size(); ++i)
      if (m.params[i] == w) return &args[i];
    return nullptr;
  };
  // A leading `;` keeps a `#` at the start of the body from lexing as a directive.
  const std::string body = "; " + m.body;
  const std::vector<Token> t = lex(body);
  std::string out;
  bool paste = false;         // the previous tokens were `##`: glue the next piece on without a space
  bool previous_arg = false;  // the previous piece was an argument
  for (std::size_t k = 1; k < t.size(); ++k) {
    const std::string_view w = token_text(body, t[k]);
    if (w == "#" && k + 1 < t.size() && token_text(body, t[k + 1]) == "#" && t[k + 1].begin == t[k].end) {
      paste = true;
      ++k;
      continue;
    }
    std::string piece;
    const bool spaced = t[k].begin > t[k - 1].end;
    bool arg = false;
    if (w == "#" && k + 1 < t.size() && param(token_text(body, t[k + 1]))) {
      piece = stringize(*param(token_text(body, t[++k])));
    } else if (const std::string* a = param(w)) {
      piece = trim(join_continuations(*a));
      arg = true;
    } else {
      piece = std::string(w);
    }
    // The body's own spacing, plus a space where an argument meets an operator, so `-x` with
    // x = `-1` stays two tokens as it does for the preprocessor.
    const bool glue_safe = [&] {
      if (!arg && !previous_arg) return true;
      const char a = out.empty() ? ' ' : out.back(), b = piece.empty() ? ' ' : piece.front();
      const auto bracket = [](char c) { return c == '(' || c == ')' || c == '[' || c == ']' || c == ',' || c == ';'; };
      return bracket(a) || bracket(b);
    }();
    if (!paste && !out.empty() && (spaced || !glue_safe)) out += ' ';
    out += piece;
    previous_arg = arg;
    paste = false;
  }
  return out;
}

}  // namespace judge::compile
