#include "compile/prototype.hpp"

#include <fmt/format.h>

#include <cctype>
#include <optional>
#include <set>

namespace judge::compile {
namespace {

struct SigToken {
  enum class Kind { ident, punct, string, number } kind;
  std::string text;
  int line;
};

// Skips a quoted literal starting at s[i] (the quote); returns the index after it.
std::size_t skip_quoted(std::string_view s, std::size_t i, int& line) {
  const char q = s[i++];
  while (i < s.size() && s[i] != q) {
    if (s[i] == '\\')
      ++i;
    else if (s[i] == '\n')
      ++line;
    ++i;
  }
  return i + 1;
}

// Raw string R"delim( ... )delim" starting at s[i] == 'R'.
std::size_t skip_raw_string(std::string_view s, std::size_t i, int& line) {
  const std::size_t open = s.find('(', i + 2);
  if (open == std::string_view::npos) return s.size();
  const std::string close = ")" + std::string(s.substr(i + 2, open - i - 2)) + "\"";
  const std::size_t end = s.find(close, open);
  const std::size_t stop = end == std::string_view::npos ? s.size() : end + close.size();
  for (std::size_t k = i; k < stop; ++k) line += s[k] == '\n';
  return stop;
}

std::vector<SigToken> tokenize(std::string_view s) {
  std::vector<SigToken> out;
  int line = 1;
  bool line_start = true;
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == '\n') {
      ++line;
      line_start = true;
      ++i;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (c == '#' && line_start) {  // preprocessor line, with continuations
      while (i < s.size() && s[i] != '\n') {
        if (s[i] == '\\' && i + 1 < s.size() && s[i + 1] == '\n') {
          ++line;
          ++i;
        }
        ++i;
      }
      continue;
    }
    line_start = false;
    if (s.substr(i, 2) == "//") {
      while (i < s.size() && s[i] != '\n') ++i;
      continue;
    }
    if (s.substr(i, 2) == "/*") {
      const std::size_t end = s.find("*/", i + 2);
      const std::size_t stop = end == std::string_view::npos ? s.size() : end + 2;
      for (std::size_t k = i; k < stop; ++k) line += s[k] == '\n';
      i = stop;
      continue;
    }
    if (c == 'R' && s.substr(i, 2) == "R\"") {
      i = skip_raw_string(s, i, line);
      continue;
    }
    if (c == '"' || c == '\'') {
      const int start_line = line;
      const std::size_t j = skip_quoted(s, i, line);
      out.push_back({c == '"' ? SigToken::Kind::string : SigToken::Kind::number,
                     std::string(s.substr(i, std::min(j, s.size()) - i)), start_line});
      i = j;
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      out.push_back({SigToken::Kind::ident, std::string(s.substr(i, j - i)), line});
      i = j;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '.' || s[j] == '\'')) ++j;
      out.push_back({SigToken::Kind::number, std::string(s.substr(i, j - i)), line});
      i = j;
      continue;
    }
    if (s.substr(i, 2) == "::") {
      out.push_back({SigToken::Kind::punct, "::", line});
      i += 2;
      continue;
    }
    out.push_back({SigToken::Kind::punct, std::string(1, c), line});
    ++i;
  }
  return out;
}

const std::set<std::string, std::less<>> kIgnoredQualifiers = {"__restrict__", "__restrict", "restrict", "volatile",
                                                               "register",     "struct",     "std"};

std::string normalize_base(std::vector<std::string> words) {
  int longs = 0;
  bool is_unsigned = false, is_signed = false, has_int = false, has_char = false, has_short = false;
  std::string other;
  for (const std::string& w : words) {
    if (w == "long")
      ++longs;
    else if (w == "unsigned")
      is_unsigned = true;
    else if (w == "signed")
      is_signed = true;
    else if (w == "int")
      has_int = true;
    else if (w == "char")
      has_char = true;
    else if (w == "short")
      has_short = true;
    else
      other += (other.empty() ? "" : " ") + w;
  }
  if (!other.empty()) {
    if (other == "__half") return "half";
    if (other == "__nv_bfloat16") return "nv_bfloat16";
    return other;
  }
  std::string u = is_unsigned ? "unsigned " : "";
  if (has_char) return is_unsigned ? "unsigned char" : (is_signed ? "signed char" : "char");
  if (has_short) return u + "short";
  if (longs == 1) return u + "long";
  if (longs >= 2) return u + "long long";
  if (has_int || is_unsigned || is_signed) return u + "int";
  return "";
}

const std::set<std::string, std::less<>> kBuiltinTypeWords = {"void", "bool",     "char",   "short", "int",
                                                              "long", "unsigned", "signed", "float", "double"};

Result<DeclaredParam> read_param(const std::vector<SigToken>& toks, std::string_view file) {
  DeclaredParam p;
  p.line = toks.front().line;
  std::vector<std::string> words;
  for (std::size_t k = 0; k < toks.size(); ++k) {
    const SigToken& t = toks[k];
    const bool glue = p.written.empty() || t.text == "*" || t.text == "::" || p.written.back() == ':';
    p.written += (glue ? "" : " ") + t.text;
    if (t.text == "*") {
      ++p.pointer_depth;
      continue;
    }
    if (t.text == "[") {  // `float A[]` is a pointer
      ++p.pointer_depth;
      while (k + 1 < toks.size() && toks[k].text != "]") p.written += toks[++k].text;
      continue;
    }
    if (t.text == "::") continue;
    if (t.kind != SigToken::Kind::ident)
      return make_error(fmt::format("{}:{}: cannot read parameter '{}' of solve", file, t.line, p.written));
    if (t.text == "const") {
      if (p.pointer_depth == 0) p.pointee_const = true;
      continue;
    }
    if (kIgnoredQualifiers.count(t.text)) continue;
    words.push_back(t.text);
  }
  // The last word names the parameter unless it is part of the type (`unsigned int`, `size_t`).
  if (words.size() >= 2 && !kBuiltinTypeWords.count(words.back())) {
    p.name = words.back();
    words.pop_back();
  }
  p.base = normalize_base(words);
  if (p.base.empty())
    return make_error(fmt::format("{}:{}: cannot read the type of parameter '{}' of solve", file, p.line, p.written));
  return p;
}

// True when the `solve` at index i is inside `extern "C"` (a declaration prefix or a block).
bool is_extern_c(const std::vector<SigToken>& t, std::size_t i) {
  // extern "C" void solve(   or   extern "C" { ... void solve(
  if (i >= 3 && t[i - 1].text == "void" && t[i - 2].text == "\"C\"" && t[i - 3].text == "extern") return true;
  int depth = 0;
  for (std::size_t k = i; k-- > 0;) {
    if (t[k].text == "}")
      ++depth;
    else if (t[k].text == "{") {
      if (depth == 0) return k >= 2 && t[k - 1].text == "\"C\"" && t[k - 2].text == "extern";
      --depth;
    }
  }
  return false;
}

// Reads the parameter list of the `solve` at t[i] into `proto`.
Result<Prototype> read_solve(const std::vector<SigToken>& t, std::size_t i, std::string_view file) {
  Prototype proto;
  proto.line = t[i].line;
  // Split the parameter list on top-level commas.
  std::size_t k = i + 2;
  int depth = 0;
  std::vector<SigToken> cur;
  for (; k < t.size(); ++k) {
    const std::string& x = t[k].text;
    if ((x == ")" || x == ",") && depth == 0) {
      if (!cur.empty()) {
        const bool only_void = cur.size() == 1 && cur[0].text == "void";
        if (!only_void) {
          auto p = read_param(cur, file);
          if (!p) return p.error();
          proto.params.push_back(std::move(*p));
        }
      }
      cur.clear();
      if (x == ")") break;
      continue;
    }
    if (x == "(" || x == "<" || x == "[") ++depth;
    if (x == ")" || x == ">" || x == "]") --depth;
    cur.push_back(t[k]);
  }
  if (k >= t.size())
    return make_error(fmt::format("{}:{}: the parameter list of solve is not closed", file, proto.line));
  proto.is_definition = k + 1 < t.size() && t[k + 1].text == "{";
  return proto;
}

}  // namespace

Result<Prototype> parse_solve_prototype(std::string_view source, std::string_view file) {
  const std::vector<SigToken> t = tokenize(source);
  std::optional<Prototype> declaration;
  int cpp_declaration_line = 0;
  std::optional<std::size_t> cpp_definition;  // LeetGPU's older format: `void solve(...) {` with solve.h
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    if (t[i].text != "solve" || t[i + 1].text != "(" || t[i - 1].text != "void") continue;
    if (!is_extern_c(t, i)) {
      // Read only if no extern "C" solve turns up; an unreadable one is then the error.
      auto proto = read_solve(t, i, file);
      if ((!proto || proto->is_definition) && !cpp_definition) cpp_definition = i;
      if (!cpp_declaration_line) cpp_declaration_line = t[i].line;
      continue;
    }
    auto proto = read_solve(t, i, file);
    if (!proto) return proto.error();
    if (proto->is_definition) return proto;
    if (!declaration) declaration = std::move(*proto);
  }
  if (declaration) return *declaration;
  if (cpp_definition) {
    auto proto = read_solve(t, *cpp_definition, file);
    if (proto) proto->cpp_linkage = true;
    return proto;
  }
  if (cpp_declaration_line)
    return make_error(
        fmt::format("{}:{}: solve is declared but not defined here: define it in this file, as extern \"C\" void "
                    "solve(...) {{ ... }} (or void solve(...) {{ ... }} with #include \"solve.h\")",
                    file, cpp_declaration_line));
  return make_error(fmt::format("{}: no `extern \"C\" void solve(...)` found; the judge calls that function", file));
}

}  // namespace judge::compile
