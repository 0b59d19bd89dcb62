#include "content/scaffold_constraints.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace judge::content {
namespace {

const NewParam* find(const NewChallenge& n, const std::string& name) {
  for (const NewParam& p : n.params)
    if (p.name == name) return &p;
  return nullptr;
}

// A bound as JSON: a number as it is (one past for a strict bound on integers), an expression as
// a string ("C-1" for "< C").
std::string bound_json(const ClauseBound& b, bool strict, bool is_lo, bool integer) {
  const int shift = strict && integer ? (is_lo ? 1 : -1) : 0;
  if (b.number) return fmt::format("{}", *b.number + shift);
  if (shift == 0) return "\"" + b.text + "\"";
  return fmt::format("\"{}{}{}\"", b.text, shift > 0 ? "+" : "-", 1);
}

void apply_clause(NewChallenge& n, const Clause& c) {
  if (!c.chain.empty()) {
    std::string text;
    for (std::size_t i = 0; i < c.chain.size(); ++i) text += (i ? " " + c.chain_ops[i - 1] + " " : "") + c.chain[i];
    n.relations.push_back(text);
    return;
  }
  for (const std::string& name : c.names) {
    const NewParam* p = find(n, name);
    if (!p || (p->pointer && p->role == spec::Role::out)) continue;
    const bool integer = !spec::is_floating(p->type);
    if (p->pointer) {
      n.values[name] = {bound_json(c.lo, c.strict_lo, true, integer), bound_json(c.hi, c.strict_hi, false, integer)};
      continue;
    }
    // A scalar's range holds numbers; a bound over other scalars becomes a relation.
    if (c.lo.number && c.hi.number) {
      n.ranges[name] = {bound_json(c.lo, c.strict_lo, true, integer), bound_json(c.hi, c.strict_hi, false, integer)};
    } else {
      if (!c.lo.number) n.relations.push_back(fmt::format("{} {} {}", c.lo.text, c.strict_lo ? "<" : "<=", name));
      if (!c.hi.number) n.relations.push_back(fmt::format("{} {} {}", name, c.strict_hi ? "<" : "<=", c.hi.text));
    }
  }
}

}  // namespace

void apply_statement(NewChallenge& n, const StatementRow& row) {
  for (const Clause& c : row.clauses) apply_clause(n, c);
  for (const std::string& name : row.zero_outputs)
    if (const NewParam* p = find(n, name); p && p->pointer && p->role == spec::Role::out)
      n.zero_outputs.push_back(name);
  n.statement_constraints = row.constraints;
}

}  // namespace judge::content
