#include "util/expr.hpp"

#include <algorithm>

namespace judge::util {

// Recursive descent, one function per precedence level, emitting postfix ops:
//   sum     := product (('+' | '-') product)*
//   product := unary (('*' | '/' | '%') unary)*
//   unary   := '-' unary | primary
//   primary := number | name | '(' sum ')'
class ExprParser {
 public:
  explicit ExprParser(std::string_view text) : text_(text) {}

  Result<Expr> run() {
    Status s = parse_sum();
    if (!s.ok()) return s.error();
    if (std::size_t at = skip_space(); at < text_.size()) return error_at("unexpected " + quoted_token(at), at);
    return Expr(std::string(text_), std::move(program_), std::move(names_));
  }

 private:
  using Kind = Expr::Op::Kind;
  // Parentheses and unary minus recurse; bound them so hostile input cannot overflow
  // the stack. Real shape formulas nest a handful of levels.
  static constexpr int kMaxDepth = 200;

  Status parse_sum() {
    if (Status s = parse_product(); !s.ok()) return s;
    for (;;) {
      char c = peek();
      if (c != '+' && c != '-') return Ok{};
      ++pos_;
      if (Status s = parse_product(); !s.ok()) return s;
      program_.push_back({Kind::kBinary, c});
    }
  }

  Status parse_product() {
    if (Status s = parse_unary(); !s.ok()) return s;
    for (;;) {
      char c = peek();
      if (c != '*' && c != '/' && c != '%') return Ok{};
      ++pos_;
      if (Status s = parse_unary(); !s.ok()) return s;
      program_.push_back({Kind::kBinary, c});
    }
  }

  Status parse_unary() {
    if (peek() != '-') return parse_primary();
    if (++depth_ > kMaxDepth) return error_at("too deeply nested", pos_);
    ++pos_;
    Status s = parse_unary();
    --depth_;
    if (!s.ok()) return s;
    program_.push_back({Kind::kNegate});
    return Ok{};
  }

  Status parse_primary() {
    char c = peek();
    if (is_digit(c)) return parse_number();
    if (is_name_start(c)) return parse_name();
    if (c != '(') {
      if (pos_ < text_.size() && !is_token_char(c)) return error_at("unexpected " + quoted_token(pos_), pos_);
      return error_at("expected a number or a name", pos_);
    }
    if (++depth_ > kMaxDepth) return error_at("too deeply nested", pos_);
    ++pos_;
    if (Status s = parse_sum(); !s.ok()) return s;
    --depth_;
    if (peek() != ')') return error_at("expected ')'", pos_);
    ++pos_;
    return Ok{};
  }

  Status parse_number() {
    std::size_t start = pos_;
    int64_t value = 0;
    for (; pos_ < text_.size() && is_digit(text_[pos_]); ++pos_) {
      if (__builtin_mul_overflow(value, 10, &value) || __builtin_add_overflow(value, text_[pos_] - '0', &value))
        return error_at("number too large", start);
    }
    program_.push_back({Kind::kNumber, value});
    return Ok{};
  }

  Status parse_name() {
    std::size_t start = pos_;
    while (pos_ < text_.size() && is_name_char(text_[pos_])) ++pos_;
    std::string name(text_.substr(start, pos_ - start));
    auto it = std::find(names_.begin(), names_.end(), name);
    auto index = static_cast<int64_t>(it - names_.begin());
    if (it == names_.end()) names_.push_back(std::move(name));
    program_.push_back({Kind::kName, index});
    return Ok{};
  }

  // Skips whitespace; returns the next character, or '\0' at the end.
  char peek() {
    pos_ = skip_space();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }

  std::size_t skip_space() const {
    std::size_t p = pos_;
    while (p < text_.size() && is_space(text_[p])) ++p;
    return p;
  }

  // The whole number or name starting at `at`, or the single character there, quoted.
  std::string quoted_token(std::size_t at) const {
    std::size_t end = at + 1;
    if (is_name_char(text_[at]))
      while (end < text_.size() && is_name_char(text_[end])) ++end;
    return "'" + std::string(text_.substr(at, end - at)) + "'";
  }

  Error error_at(const std::string& what, std::size_t at) const {
    return make_error(what + " at column " + std::to_string(at + 1) + " in '" + std::string(text_) + "'");
  }

  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }
  static bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
  static bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }
  static bool is_token_char(char c) {
    return is_name_char(c) || std::string_view("+-*/%()").find(c) != std::string_view::npos;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  std::vector<Expr::Op> program_;
  std::vector<std::string> names_;
};

Result<Expr> Expr::parse(std::string_view text) {
  return ExprParser(text).run();
}

namespace {

// One checked binary operator. The message lacks the expression; eval() appends it.
Result<int64_t> apply(int64_t op, int64_t a, int64_t b) {
  int64_t r = 0;
  bool overflow = false;
  switch (op) {
    case '+':
      overflow = __builtin_add_overflow(a, b, &r);
      break;
    case '-':
      overflow = __builtin_sub_overflow(a, b, &r);
      break;
    case '*':
      overflow = __builtin_mul_overflow(a, b, &r);
      break;
    default:
      if (b == 0) return make_error("division by zero");
      // INT64_MIN / -1 overflows, and C leaves INT64_MIN % -1 undefined as well.
      overflow = a == INT64_MIN && b == -1;
      if (!overflow) r = op == '/' ? a / b : a % b;
  }
  if (overflow) return make_error("integer overflow");
  return r;
}

}  // namespace

Result<int64_t> Expr::eval(const std::function<std::optional<int64_t>(std::string_view)>& lookup) const {
  auto fail = [this](const std::string& what) { return make_error(what + " in '" + text_ + "'"); };
  std::vector<int64_t> values;
  values.reserve(names_.size());
  for (const std::string& name : names_) {
    std::optional<int64_t> v = lookup(name);
    if (!v) return fail("unknown name '" + name + "'");
    values.push_back(*v);
  }
  std::vector<int64_t> stack;  // the program is well formed, so pops never underflow
  stack.reserve(program_.size());
  for (const Op& op : program_) {
    if (op.kind == Op::Kind::kNumber) {
      stack.push_back(op.value);
    } else if (op.kind == Op::Kind::kName) {
      stack.push_back(values[static_cast<std::size_t>(op.value)]);
    } else if (op.kind == Op::Kind::kNegate) {
      if (__builtin_sub_overflow(int64_t{0}, stack.back(), &stack.back())) return fail("integer overflow");
    } else {
      int64_t b = stack.back();
      stack.pop_back();
      Result<int64_t> r = apply(op.value, stack.back(), b);
      if (!r.ok()) return fail(r.error().message);
      stack.back() = *r;
    }
  }
  return stack.back();
}

}  // namespace judge::util
