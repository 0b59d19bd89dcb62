#include "compile/lexer.hpp"

#include <algorithm>
#include <string>

namespace judge::compile {
namespace {

bool is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || static_cast<unsigned char>(c) >= 0x80 ||
         c == '$';
}
bool is_ident_char(char c) {
  return is_ident_start(c) || (c >= '0' && c <= '9');
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

class Lexer {
 public:
  explicit Lexer(std::string_view text) : s_(text) {}

  std::vector<Token> run() {
    std::vector<Token> out;
    bool line_start = true;  // only whitespace and comments since the last newline
    while (i_ < s_.size()) {
      const char c = s_[i_];
      if (c == '\n') {
        ++line_;
        ++i_;
        line_start = true;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++i_;
        continue;
      }
      if (c == '\\' && peek(1) == '\n') {  // a stray line continuation
        i_ += 2;
        ++line_;
        continue;
      }
      if (c == '/' && peek(1) == '/') {
        skip_line_comment();
        continue;
      }
      if (c == '/' && peek(1) == '*') {
        skip_block_comment();
        continue;
      }
      const std::size_t begin = i_;
      const int line = line_;
      TokenKind kind = TokenKind::punct;
      if (c == '#' && line_start) {
        skip_directive();
        kind = TokenKind::directive;
      } else if (raw_string_prefix() > 0) {
        skip_raw_string(raw_string_prefix());
        kind = TokenKind::string;
      } else if (std::size_t p = literal_prefix('"'); p > 0 || c == '"') {
        i_ += p;
        skip_quoted('"');
        kind = TokenKind::string;
      } else if (std::size_t q = literal_prefix('\''); q > 0 || c == '\'') {
        i_ += q;
        skip_quoted('\'');
        kind = TokenKind::character;
      } else if (is_ident_start(c)) {
        while (i_ < s_.size() && is_ident_char(s_[i_])) ++i_;
        kind = TokenKind::identifier;
      } else if (is_digit(c) || (c == '.' && is_digit(peek(1)))) {
        skip_number();
        kind = TokenKind::number;
      } else {
        i_ += punct_length();
      }
      line_start = false;
      out.push_back({kind, begin, i_, line});
    }
    return out;
  }

 private:
  char peek(std::size_t k) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }

  void skip_line_comment() {
    while (i_ < s_.size() && s_[i_] != '\n') {
      if (s_[i_] == '\\' && peek(1) == '\n') {  // a continued // comment eats the next line
        ++line_;
        ++i_;
      }
      ++i_;
    }
  }

  void skip_block_comment() {
    i_ += 2;
    while (i_ < s_.size() && !(s_[i_] == '*' && peek(1) == '/')) {
      if (s_[i_] == '\n') ++line_;
      ++i_;
    }
    i_ = std::min(i_ + 2, s_.size());
  }

  // A directive runs to the first newline not escaped by a backslash; comments and literals
  // inside it are skipped so a `/* ... */` spanning lines stays part of it.
  void skip_directive() {
    while (i_ < s_.size() && s_[i_] != '\n') {
      const char c = s_[i_];
      if (c == '\\' && peek(1) == '\n') {
        i_ += 2;
        ++line_;
      } else if (c == '\\' && peek(1) == '\r' && peek(2) == '\n') {
        i_ += 3;
        ++line_;
      } else if (c == '/' && peek(1) == '*') {
        skip_block_comment();
      } else if (c == '/' && peek(1) == '/') {
        skip_line_comment();
      } else if (c == '"' || c == '\'') {
        skip_quoted(c);
      } else {
        ++i_;
      }
    }
  }

  // Length of an encoding prefix (L, u, U, u8) directly followed by `quote`, else 0.
  std::size_t literal_prefix(char quote) const {
    for (std::string_view p : {"u8", "L", "u", "U"}) {
      if (s_.substr(i_, p.size()) == p && peek(p.size()) == quote) return p.size();
    }
    return 0;
  }

  // Length of `R"`, `LR"`, `u8R"`... up to the quote, else 0.
  std::size_t raw_string_prefix() const {
    for (std::string_view p : {"R\"", "LR\"", "uR\"", "UR\"", "u8R\""}) {
      if (s_.substr(i_, p.size()) == p) return p.size();
    }
    return 0;
  }

  void skip_quoted(char quote) {
    ++i_;  // the opening quote
    while (i_ < s_.size() && s_[i_] != quote && s_[i_] != '\n') {
      if (s_[i_] == '\\' && i_ + 1 < s_.size()) {
        if (s_[i_ + 1] == '\n') ++line_;
        ++i_;
      }
      ++i_;
    }
    if (i_ < s_.size() && s_[i_] == quote) ++i_;  // an unterminated literal ends at the newline
  }

  void skip_raw_string(std::size_t prefix) {
    i_ += prefix;
    const std::size_t delim_begin = i_;
    while (i_ < s_.size() && s_[i_] != '(' && s_[i_] != '\n' && i_ - delim_begin <= 16) ++i_;
    if (i_ >= s_.size() || s_[i_] != '(') return;  // malformed: the prefix alone is the token
    const std::string closing = ")" + std::string(s_.substr(delim_begin, i_ - delim_begin)) + "\"";
    const std::size_t end = s_.find(closing, i_);
    const std::size_t stop = end == std::string_view::npos ? s_.size() : end + closing.size();
    line_ += static_cast<int>(std::count(s_.begin() + i_, s_.begin() + stop, '\n'));
    i_ = stop;
  }

  // pp-number: digits, letters, '.', digit separators, and signs after an exponent letter.
  void skip_number() {
    ++i_;
    while (i_ < s_.size()) {
      const char c = s_[i_];
      const char prev = s_[i_ - 1];
      if (is_ident_char(c) || c == '.') {
        ++i_;
      } else if (c == '\'' && is_ident_char(peek(1))) {
        i_ += 2;
      } else if ((c == '+' || c == '-') && (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P')) {
        ++i_;
      } else {
        break;
      }
    }
  }

  std::size_t punct_length() const {
    for (std::string_view p : {"<<<", ">>>", "::", "<<", ">>", "->"}) {
      if (s_.substr(i_, p.size()) == p) return p.size();
    }
    return 1;
  }

  std::string_view s_;
  std::size_t i_ = 0;
  int line_ = 1;
};

}  // namespace

std::vector<Token> lex(std::string_view text) {
  return Lexer(text).run();
}

}  // namespace judge::compile
