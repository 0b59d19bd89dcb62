#include "util/expr.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace judge::util {
namespace {

// Binds N=10, M=3, BIG=2^62, MIN=INT64_MIN; anything else is unknown.
std::optional<int64_t> vars(std::string_view name) {
  static const std::map<std::string, int64_t, std::less<>> kVars = {
      {"N", 10}, {"M", 3}, {"BIG", int64_t{1} << 62}, {"MIN", INT64_MIN}, {"n_2", 7}};
  auto it = kVars.find(name);
  if (it == kVars.end()) return std::nullopt;
  return it->second;
}

// Parses and evaluates; fails the test on any error.
int64_t value_of(std::string_view text) {
  Result<Expr> e = Expr::parse(text);
  EXPECT_TRUE(e.ok()) << text << ": " << (e.ok() ? "" : e.error().message);
  if (!e.ok()) return 0;
  Result<int64_t> v = e->eval(vars);
  EXPECT_TRUE(v.ok()) << text << ": " << (v.ok() ? "" : v.error().message);
  return v.ok() ? *v : 0;
}

std::string parse_error(std::string_view text) {
  Result<Expr> e = Expr::parse(text);
  return e.ok() ? "(parsed)" : e.error().message;
}

std::string eval_error(std::string_view text) {
  Result<Expr> e = Expr::parse(text);
  if (!e.ok()) return "(parse error) " + e.error().message;
  Result<int64_t> v = e->eval(vars);
  return v.ok() ? "(evaluated)" : v.error().message;
}

TEST(Expr, LiteralsAndNames) {
  EXPECT_EQ(value_of("42"), 42);
  EXPECT_EQ(value_of("N"), 10);
  EXPECT_EQ(value_of("n_2"), 7);
  EXPECT_EQ(value_of("9223372036854775807"), INT64_MAX);
}

TEST(Expr, Precedence) {
  EXPECT_EQ(value_of("1+2*3"), 7);
  EXPECT_EQ(value_of("N-M-1"), 6);  // left associative
  EXPECT_EQ(value_of("100/N/2"), 5);
  EXPECT_EQ(value_of("N*M%4"), 2);  // (10*3)%4
  EXPECT_EQ(value_of("N+M*2-8/4"), 14);
}

TEST(Expr, Parentheses) {
  EXPECT_EQ(value_of("(1+2)*3"), 9);
  EXPECT_EQ(value_of("N*(M+1)"), 40);
  EXPECT_EQ(value_of("((((N))))"), 10);
  EXPECT_EQ(value_of("N-(M-1)"), 8);
}

TEST(Expr, UnaryMinus) {
  EXPECT_EQ(value_of("-N"), -10);
  EXPECT_EQ(value_of("--N"), 10);
  EXPECT_EQ(value_of("-N*M"), -30);
  EXPECT_EQ(value_of("M--N"), 13);
  EXPECT_EQ(value_of("-(N+M)"), -13);
}

TEST(Expr, CDivisionSemantics) {
  EXPECT_EQ(value_of("-7/2"), -3);  // truncates toward zero
  EXPECT_EQ(value_of("-7%2"), -1);  // sign of the dividend
  EXPECT_EQ(value_of("7%-2"), 1);
}

TEST(Expr, Whitespace) {
  EXPECT_EQ(value_of("  N *\t( M + 1 )\n"), 40);
}

TEST(Expr, NamesAndText) {
  Result<Expr> e = Expr::parse("M*N + M*K");
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->names(), (std::vector<std::string>{"M", "N", "K"}));
  EXPECT_EQ(e->text(), "M*N + M*K");
}

TEST(Expr, EachNameLookedUpOnce) {
  Result<Expr> e = Expr::parse("N*N+N");
  ASSERT_TRUE(e.ok());
  int calls = 0;
  Result<int64_t> v = e->eval([&calls](std::string_view) -> std::optional<int64_t> {
    ++calls;
    return 4;
  });
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(*v, 20);
  EXPECT_EQ(calls, 1);
}

TEST(Expr, ParseErrorsSayWhatAndWhere) {
  EXPECT_EQ(parse_error("N*(M+1))"), "unexpected ')' at column 8 in 'N*(M+1))'");
  EXPECT_EQ(parse_error("N*"), "expected a number or a name at column 3 in 'N*'");
  EXPECT_EQ(parse_error(""), "expected a number or a name at column 1 in ''");
  EXPECT_EQ(parse_error("(N+1"), "expected ')' at column 5 in '(N+1'");
  EXPECT_EQ(parse_error("N M"), "unexpected 'M' at column 3 in 'N M'");
  EXPECT_EQ(parse_error("N+abc d"), "unexpected 'd' at column 7 in 'N+abc d'");
  EXPECT_EQ(parse_error("2N"), "unexpected 'N' at column 2 in '2N'");
  EXPECT_EQ(parse_error("N#2"), "unexpected '#' at column 2 in 'N#2'");
  EXPECT_EQ(parse_error("N*#"), "unexpected '#' at column 3 in 'N*#'");
  EXPECT_EQ(parse_error("N*)"), "expected a number or a name at column 3 in 'N*)'");
  EXPECT_EQ(parse_error("+N"), "expected a number or a name at column 1 in '+N'");
  EXPECT_EQ(parse_error("9223372036854775808"), "number too large at column 1 in '9223372036854775808'");
}

TEST(Expr, DeepNestingIsAnErrorNotACrash) {
  std::string deep = std::string(100000, '(') + "1" + std::string(100000, ')');
  EXPECT_NE(parse_error(deep).find("too deeply nested"), std::string::npos);
  EXPECT_NE(parse_error(std::string(100000, '-') + "1").find("too deeply nested"), std::string::npos);
  // Long flat chains are fine: evaluation does not recurse.
  std::string chain = "0";
  for (int i = 0; i < 100000; ++i) chain += "+1";
  EXPECT_EQ(value_of(chain), 100000);
}

TEST(Expr, EvalErrors) {
  EXPECT_EQ(eval_error("M*K"), "unknown name 'K' in 'M*K'");
  EXPECT_EQ(eval_error("N/(M-M)"), "division by zero in 'N/(M-M)'");
  EXPECT_EQ(eval_error("N%0"), "division by zero in 'N%0'");
}

TEST(Expr, OverflowIsAnError) {
  EXPECT_EQ(eval_error("BIG*2"), "integer overflow in 'BIG*2'");
  EXPECT_EQ(eval_error("BIG*4"), "integer overflow in 'BIG*4'");
  EXPECT_EQ(eval_error("BIG+BIG+BIG"), "integer overflow in 'BIG+BIG+BIG'");
  EXPECT_EQ(eval_error("-BIG-BIG-BIG"), "integer overflow in '-BIG-BIG-BIG'");
  EXPECT_EQ(eval_error("-MIN"), "integer overflow in '-MIN'");
  EXPECT_EQ(eval_error("MIN/-1"), "integer overflow in 'MIN/-1'");
  EXPECT_EQ(eval_error("MIN%-1"), "integer overflow in 'MIN%-1'");
  EXPECT_EQ(value_of("BIG-1+BIG"), INT64_MAX);
  EXPECT_EQ(value_of("-BIG-BIG"), INT64_MIN);
}

}  // namespace
}  // namespace judge::util
