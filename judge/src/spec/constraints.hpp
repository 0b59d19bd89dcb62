// The statement's constraints in machine-checkable form (challenge.json, docs/formats.md):
// the inclusive range of each scalar (`range`), the inclusive range of each input buffer's values
// (`values`, bounds that may depend on scalars: ["0", "C-1"]), relations between scalars
// (`constraints`: "window_size <= N", "0 <= S <= E <= N-1") and which outputs start as zeros
// (`init`). A test case inside them is one LeetGPU's statement allows; `judge validate` checks every
// case against them, and a case outside must say so (`beyond_spec`, spec/testcase.hpp).
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "spec/dtype.hpp"
#include "util/expr.hpp"
#include "util/result.hpp"

namespace judge::spec {

struct Challenge;
struct Param;
using ScalarValues = std::map<std::string, double, std::less<>>;

// One bound: a number (-1000.0) or an integer expression over scalars ("C-1").
struct Bound {
  double number = 0;
  std::optional<util::Expr> expr;
  std::string text() const;
};

// Inclusive bounds of every element of an input buffer; non-finite values are outside any range.
struct ValueRange {
  Bound lo, hi;
};

// A chain of comparisons between integer expressions over scalars, e.g. "0 <= S <= E <= N-1".
// A side that is one name of a floating scalar compares as that value ("lo <= hi").
struct Relation {
  std::string text;
  std::vector<util::Expr> sides;
  std::vector<std::string> ops;  // "<=", "<", ">=", ">", "==", "!="; one fewer than sides
};

Result<Bound> parse_bound(double number);
Result<Bound> parse_bound(const std::string& expression);
Result<Relation> parse_relation(const std::string& text);

// One way a test case lies outside the constraints: the clause as written ("1 <= N <= 10000") and
// what breaks it ("N = 1048579", "A[17] = -inf").
struct Violation {
  std::string clause;
  std::string found;
  std::string line() const;  // "N = 1048579 is outside 1 <= N <= 10000"
};

// The scalar ranges and relations, for one case's scalars.
std::vector<Violation> scalar_violations(const Challenge& c, const ScalarValues& scalars);

// The first element of `count` values of type `t` at `data` outside `p`'s value range, or outside
// the finite numbers (unless the param allows non-finite values); nullopt when all lie inside.
std::optional<Violation> value_violation(const Param& p, const ScalarValues& scalars, const void* data,
                                         std::size_t count);

// "-1000 <= A <= 1000" for a buffer with a value range, "the finite floats" without one.
std::string value_clause(const Param& p);

// The inclusive [lo, hi] `p`'s values must lie in for these scalars (+-inf where unbounded).
Result<std::pair<double, double>> value_limits(const Param& p, const ScalarValues& scalars);

}  // namespace judge::spec
