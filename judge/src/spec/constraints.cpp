#include "spec/constraints.hpp"

#include <fmt/format.h>

#include <cmath>

#include "spec/challenge.hpp"
#include "spec/element.hpp"

namespace judge::spec {
namespace {

// 1e+06 -> "1000000", 0.5 -> "0.5": the shortest text that reads back the same.
std::string number_text(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15)
    return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{}", v);
}

bool compare(double a, const std::string& op, double b) {
  if (op == "<=") return a <= b;
  if (op == "<") return a < b;
  if (op == ">=") return a >= b;
  if (op == ">") return a > b;
  if (op == "==") return a == b;
  return a != b;
}

// A side of a relation: one floating scalar by name, else an integer expression.
Result<double> side_value(const util::Expr& e, const Challenge& c, const ScalarValues& scalars) {
  const std::vector<std::string> names = e.names();
  if (names.size() == 1 && e.text().find_first_not_of(" \t") != std::string::npos) {
    const Param* p = c.find_param(names[0]);
    auto it = scalars.find(names[0]);
    const bool bare = e.text().find_first_of("+-*/%()") == std::string::npos;
    if (p && is_floating(p->type) && bare && it != scalars.end()) return it->second;
  }
  auto v = evaluate(e, scalars);
  if (!v) return v.error();
  return static_cast<double>(*v);
}

Result<double> bound_value(const Bound& b, const ScalarValues& scalars) {
  if (!b.expr) return b.number;
  auto v = evaluate(*b.expr, scalars);
  if (!v) return v.error();
  return static_cast<double>(*v);
}

}  // namespace

std::string Bound::text() const {
  return expr ? expr->text() : number_text(number);
}

Result<Bound> parse_bound(double number) {
  if (!std::isfinite(number)) return make_error("a bound must be a finite number");
  Bound b;
  b.number = number;
  return b;
}

Result<Bound> parse_bound(const std::string& expression) {
  auto e = util::Expr::parse(expression);
  if (!e) return e.error();
  Bound b;
  b.expr = std::move(*e);
  return b;
}

Result<Relation> parse_relation(const std::string& text) {
  static const char* const kOps[] = {"<=", ">=", "==", "!=", "<", ">"};
  Relation r;
  r.text = text;
  std::size_t start = 0, i = 0;
  while (i < text.size()) {
    const char* found = nullptr;
    for (const char* op : kOps)
      if (text.compare(i, std::char_traits<char>::length(op), op) == 0) {
        found = op;
        break;
      }
    if (!found) {
      ++i;
      continue;
    }
    auto side = util::Expr::parse(text.substr(start, i - start));
    if (!side) return make_error(side.error().message + " (a side of '" + text + "')");
    r.sides.push_back(std::move(*side));
    r.ops.emplace_back(found);
    i += r.ops.back().size();
    start = i;
  }
  auto last = util::Expr::parse(text.substr(start));
  if (!last) return make_error(last.error().message + " (a side of '" + text + "')");
  r.sides.push_back(std::move(*last));
  if (r.ops.empty())
    return make_error("'" + text + "' compares nothing: write it as \"lhs <= rhs\" (or <, >=, >, ==, !=)");
  return r;
}

std::string Violation::line() const {
  return fmt::format("{} is outside {}", found, clause);
}

std::string value_clause(const Param& p) {
  if (!p.values) return fmt::format("the finite values {} may hold (no inf or NaN)", p.name);
  return fmt::format("{} <= {} <= {}", p.values->lo.text(), p.name, p.values->hi.text());
}

std::vector<Violation> scalar_violations(const Challenge& c, const ScalarValues& scalars) {
  std::vector<Violation> out;
  for (const Param& p : c.params) {
    if (p.pointer || !p.range_lo) continue;
    auto it = scalars.find(p.name);
    if (it == scalars.end()) continue;
    if (it->second < *p.range_lo || it->second > *p.range_hi)
      out.push_back({fmt::format("{} <= {} <= {}", number_text(*p.range_lo), p.name, number_text(*p.range_hi)),
                     fmt::format("{} = {}", p.name, number_text(it->second))});
  }
  for (const Relation& r : c.relations) {
    std::vector<double> v;
    std::string values;
    bool ok = true;
    for (const util::Expr& e : r.sides) {
      auto x = side_value(e, c, scalars);
      if (!x) {
        out.push_back({r.text, x.error().message});
        ok = false;
        break;
      }
      v.push_back(*x);
    }
    if (!ok) continue;
    for (std::size_t k = 0; k < r.ops.size(); ++k) {
      if (compare(v[k], r.ops[k], v[k + 1])) continue;
      for (std::size_t s = 0; s < r.sides.size(); ++s) {
        std::string side = r.sides[s].text();
        side.erase(0, side.find_first_not_of(" \t"));
        side.erase(side.find_last_not_of(" \t") + 1);
        if (side.find_first_not_of("0123456789 -") == std::string::npos) continue;  // a literal
        values += fmt::format("{}{} = {}", values.empty() ? "" : ", ", side, number_text(v[s]));
      }
      out.push_back({r.text, values});
      break;
    }
  }
  return out;
}

Result<std::pair<double, double>> value_limits(const Param& p, const ScalarValues& scalars) {
  if (!p.values) return std::pair<double, double>{-INFINITY, INFINITY};
  auto l = bound_value(p.values->lo, scalars);
  if (!l) return l.error();
  auto h = bound_value(p.values->hi, scalars);
  if (!h) return h.error();
  return std::pair<double, double>{*l, *h};
}

std::optional<Violation> value_violation(const Param& p, const ScalarValues& scalars, const void* data,
                                         std::size_t count) {
  auto limits = value_limits(p, scalars);
  if (!limits) return Violation{value_clause(p), limits.error().message};
  const auto [lo, hi] = *limits;
  const bool check_finite = is_floating(p.type) && !p.allow_nonfinite;
  if (!p.values && !check_finite) return std::nullopt;
  for (std::size_t i = 0; i < count; ++i) {
    const double v = load_element(p.type, data, i);
    const bool inside = std::isnan(v) ? !check_finite : (v >= lo && v <= hi && (!check_finite || std::isfinite(v)));
    if (!inside)
      return Violation{value_clause(p), fmt::format("{}[{}] = {}", p.name, i, std::isnan(v) ? "nan" : number_text(v))};
  }
  return std::nullopt;
}

}  // namespace judge::spec
