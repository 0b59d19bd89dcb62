#include "judging/reference_facts.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>

#include "compile/lexer.hpp"

namespace judge::judging {

bool source_calls_exp(std::string_view source) {
  static constexpr std::string_view kNames[] = {"exp",    "expf",   "expl",     "exp2",   "exp2f",
                                                "exp2l",  "expm1",  "expm1f",   "expm1l", "exp10",
                                                "exp10f", "__expf", "__exp10f", "hexp",   "h2exp"};
  const std::vector<compile::Token> tokens = compile::lex(source);
  for (std::size_t k = 0; k + 1 < tokens.size(); ++k) {
    if (tokens[k].kind != compile::TokenKind::identifier) continue;
    const std::string_view name = compile::token_text(source, tokens[k]);
    if (std::find(std::begin(kNames), std::end(kNames), name) == std::end(kNames)) continue;
    if (compile::token_text(source, tokens[k + 1]) == "(") return true;
  }
  return false;
}

bool reference_uses_exp(const spec::Challenge& c) {
  if (c.dir.empty()) return false;
  std::ifstream in(c.dir / "reference.cpp", std::ios::binary);
  if (!in) return false;
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return source_calls_exp(text);
}

}  // namespace judge::judging
