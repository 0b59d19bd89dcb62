// Pass 1 of the splitter, tokens: takes the text of one round, gives its SourceTokens (the
// lexer's tokens, with code under `#if 0` left out), and the token questions the other passes
// ask (brackets, template prefixes, launch configurations, edits that keep every line).
#include <algorithm>

#include "compile/split/passes.hpp"

namespace judge::compile::splitting {

std::string_view directive_body(std::string_view d) {
  std::size_t k = d.find('#');
  return k == std::string_view::npos ? d : d.substr(k + 1);
}

// Code under `#if 0` (up to its #else/#elif/#endif) is left as it is in both halves: the
// preprocessor drops it, and entities in it must not become kernels or name expressions.
SourceTokens scan_tokens(std::string_view text) {
  SourceTokens out{text, {}};
  int skipping = 0;  // nesting depth inside an `#if 0` region; 0 when active
  for (const Token& t : lex(text)) {
    if (t.kind != TokenKind::directive) {
      if (!skipping) out.tokens.push_back(t);
      continue;
    }
    const std::string_view d = directive_body(token_text(text, t));
    const std::vector<Token> w = lex(d);
    const std::string_view word = w.empty() ? "" : token_text(d, w[0]);
    const bool opens = word == "if" || word == "ifdef" || word == "ifndef";
    if (skipping) {
      if (opens) ++skipping;
      if (word == "endif") --skipping;
      if ((word == "else" || word == "elif") && skipping == 1) skipping = 0;
      if (!skipping) out.tokens.push_back(t);
      continue;
    }
    if (word == "if" && w.size() == 2 && token_text(d, w[1]) == "0") skipping = 1;
    out.tokens.push_back(t);
  }
  return out;
}

std::size_t SourceTokens::matching(std::size_t open) const {
  const std::string_view o = text(open);
  const std::string_view c = o == "{" ? "}" : o == "(" ? ")" : "]";
  int depth = 0;
  for (std::size_t k = open; k < size(); ++k) {
    if (text(k) == o) ++depth;
    if (text(k) == c && --depth == 0) return k;
  }
  return size() - 1;
}

std::size_t SourceTokens::skip_template_prefix(std::size_t i) const {
  while (is(i, "template") && is(i + 1, "<")) {
    int depth = 0;
    std::size_t k = i + 1;
    for (; k < size(); ++k) {
      const std::string_view w = text(k);
      if (w == "<" || w == "(" || w == "[") ++depth;
      if (w == ")" || w == "]") --depth;
      if (w == ">") --depth;
      if (w == ">>") depth -= 2;
      if (w == ">>>") depth -= 3;
      if (w == "{" || w == ";") return k;  // malformed
      if (depth <= 0) break;
    }
    i = k + 1;
  }
  return i;
}

std::size_t SourceTokens::back_to_open_angle(std::size_t close) const {
  int depth = 0;
  for (std::size_t k = close + 1; k-- > 0;) {
    if (is(k, ">")) ++depth;
    if (is(k, ">>")) depth += 2;
    if (is(k, "<") && --depth == 0) return k == 0 ? 0 : k - 1;
    if (is(k, ";") || is(k, "{") || is(k, "}")) break;
  }
  return close;
}

std::size_t SourceTokens::launch_close(std::size_t open) const {
  int depth = 0;
  for (std::size_t k = open + 1; k < size(); ++k) {
    if (is(k, "(") || is(k, "[") || is(k, "{")) ++depth;
    if (is(k, ")") || is(k, "]") || is(k, "}")) --depth;
    if (depth < 0 || is(k, ";")) return npos;
    if (depth == 0 && is(k, ">>>")) return k;
  }
  return npos;
}

std::vector<std::vector<std::string>> SourceTokens::comma_list(std::size_t from, std::size_t to) const {
  std::vector<std::vector<std::string>> out(1);
  int depth = 0;
  for (std::size_t k = from; k < to; ++k) {
    const std::string_view w = text(k);
    if (w == "(" || w == "[" || w == "{" || w == "<") ++depth;
    if (w == ")" || w == "]" || w == "}" || w == ">") --depth;
    if (w == ">>") depth -= 2;
    if (depth == 0 && w == ",") {
      out.emplace_back();
      continue;
    }
    out.back().emplace_back(w);
  }
  if (out.size() == 1 && out[0].empty()) out.clear();
  return out;
}

Edit SourceTokens::blank(std::size_t begin, std::size_t end, bool keep_directives) const {
  std::string out(source.substr(begin, end - begin));
  for (char& c : out)
    if (c != '\n') c = ' ';
  if (keep_directives) {
    for (const Token& t : tokens) {
      if (t.kind != TokenKind::directive || t.begin < begin || t.end > end) continue;
      const std::string_view d = directive_body(token_text(source, t));
      const std::vector<Token> w = lex(d);
      if (w.empty()) continue;
      const std::string_view word = token_text(d, w[0]);
      if (word == "if" || word == "ifdef" || word == "ifndef" || word == "elif" || word == "else" || word == "endif" ||
          word == "define" || word == "undef" || word == "line")
        out.replace(t.begin - begin, t.end - t.begin, token_text(source, t));
    }
  }
  return {begin, end, out};
}

Edit SourceTokens::replace(std::size_t begin, std::size_t end, std::string text) const {
  // Keep the line count: the replaced range's newlines, less those the text already carries (a
  // kernel name or template arguments copied from the source across a line continuation).
  const auto had = std::count(source.begin() + begin, source.begin() + end, '\n');
  const auto kept = std::count(text.begin(), text.end(), '\n');
  if (had > kept) text += std::string(static_cast<std::size_t>(had - kept), '\n');
  return {begin, end, std::move(text)};
}

}  // namespace judge::compile::splitting
