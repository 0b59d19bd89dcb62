// The splitter's lexer: every literal and comment form, and the CUDA launch brackets.
#include "compile/lexer.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace judge {
namespace {

std::vector<std::string> texts(std::string_view src) {
  std::vector<std::string> out;
  for (const compile::Token& t : compile::lex(src)) out.emplace_back(compile::token_text(src, t));
  return out;
}

TEST(Lexer, CommentsAndWhitespaceAreDropped) {
  EXPECT_EQ(texts("a /* b { */ c // d }\ne"), (std::vector<std::string>{"a", "c", "e"}));
}

TEST(Lexer, LiteralsHideBracesAndQuotes) {
  const std::string src = R"T(s = "}{\"" ; c = '}' ; r = R"x(a)" }{ )x" ; u = u8"{";)T";
  const auto t = texts(src);
  EXPECT_EQ(t[2], R"("}{\"")");
  EXPECT_EQ(t[6], "'}'");
  EXPECT_EQ(t[10], R"T(R"x(a)" }{ )x")T");
  EXPECT_EQ(t[14], R"(u8"{")");
}

TEST(Lexer, DirectivesRunToTheUnescapedNewline) {
  const std::string src = "#define K(x) \\\n  (x + 1) /* a\n b */\nint y;\n";
  const auto tokens = compile::lex(src);
  ASSERT_EQ(tokens.size(), 4u);
  EXPECT_EQ(tokens[0].kind, compile::TokenKind::directive);
  EXPECT_EQ(tokens[1].line, 4);
}

TEST(Lexer, LaunchBracketsNumbersAndLines) {
  const std::string src = "k<<<g, 1'024>>>(x);\n\nn = 1.5e-3f;";
  const auto t = texts(src);
  EXPECT_EQ(t[1], "<<<");
  EXPECT_EQ(t[4], "1'024");
  EXPECT_EQ(t[5], ">>>");
  EXPECT_EQ(t[12], "1.5e-3f");
  EXPECT_EQ(compile::lex(src).back().line, 3);
}

TEST(Lexer, UnterminatedThingsEndTheText) {
  for (std::string_view s : {"\"abc", "R\"d(never", "'x", "#if \\"}) {
    const auto tokens = compile::lex(s);
    ASSERT_EQ(tokens.size(), 1u) << s;
    EXPECT_EQ(tokens[0].end, s.size()) << s;
  }
  EXPECT_TRUE(compile::lex("x /* open").size() == 1);
}

}  // namespace
}  // namespace judge
