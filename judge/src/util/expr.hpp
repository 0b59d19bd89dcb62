// Integer expressions for tensor shapes and work formulas in challenge specs, e.g.
// "N*(M+1)" or "2*B*H*S*S*D/3".
//
// Grammar: decimal literals, names [A-Za-z_][A-Za-z0-9_]*, binary + - * / % with C
// precedence, left associativity and C semantics (/ truncates toward zero, % takes the
// sign of the dividend), unary minus, parentheses, whitespace. All arithmetic is int64
// and checked: overflow and division by zero are errors, never wrapped values.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/result.hpp"

namespace judge::util {

class Expr {
 public:
  // Parses `text`; errors say what was found and the 1-based column, e.g.
  // "unexpected ')' at column 8 in 'N*(M+1))'".
  static Result<Expr> parse(std::string_view text);

  // Evaluates with names bound by `lookup` (nullopt = unknown name, an error).
  // Each distinct name is looked up once.
  Result<int64_t> eval(const std::function<std::optional<int64_t>(std::string_view)>& lookup) const;

  // The distinct names used, in order of first appearance.
  std::vector<std::string> names() const { return names_; }

  // The source text as given to parse().
  const std::string& text() const { return text_; }

 private:
  friend class ExprParser;  // builds the program; lives in expr.cpp

  // One step of the postfix program.
  struct Op {
    enum class Kind { kNumber, kName, kNegate, kBinary };
    Kind kind;
    int64_t value = 0;  // kNumber: the literal; kName: index into names_;
                        // kBinary: the operator character
  };

  Expr(std::string text, std::vector<Op> program, std::vector<std::string> names)
      : text_(std::move(text)), program_(std::move(program)), names_(std::move(names)) {}

  std::string text_;
  // Postfix order, evaluated with an explicit stack so that long chains like
  // "a-b-c-...-z" cannot exhaust the call stack.
  std::vector<Op> program_;
  std::vector<std::string> names_;
};

}  // namespace judge::util
