// A C++/CUDA lexer for the source splitter: enough of the language to find where every
// top-level entity starts and ends. It never fails and never loops: unknown bytes become
// one-character punctuation, unterminated literals and comments end at the end of the text.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace judge::compile {

enum class TokenKind : int {
  identifier = 0,
  number = 1,
  string = 2,     // "..." with any prefix, and raw strings R"d(...)d"
  character = 3,  // '...'
  punct = 4,      // one operator; `::`, `<<<`, `>>>`, `<<`, `>>`, `->` are single tokens
  directive = 5,  // a whole preprocessor line, continuations included
};

struct Token {
  TokenKind kind;
  std::size_t begin;  // byte offsets into the lexed text
  std::size_t end;
  int line;  // 1-based line of `begin`
};

// Comments and whitespace are dropped; every other byte belongs to exactly one token.
std::vector<Token> lex(std::string_view text);

inline std::string_view token_text(std::string_view text, const Token& t) {
  return text.substr(t.begin, t.end - t.begin);
}

}  // namespace judge::compile
