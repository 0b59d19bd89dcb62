#include "content/statement_facts.hpp"

#include <fmt/format.h>

#include <charconv>
#include <fstream>
#include <map>
#include <sstream>

namespace judge::content {
namespace fs = std::filesystem;

namespace {

std::vector<std::string> split_clauses(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(text);
  while (std::getline(in, field, sep)) out.push_back(field);
  if (!text.empty() && text.back() == sep) out.emplace_back();
  return out;
}

std::string trim_clause(std::string_view s) {
  const std::size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string_view::npos ? std::string() : std::string(s.substr(b, e - b + 1));
}

std::optional<double> number_of(const std::string& s) {
  double v = 0;
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, v);
  if (ec != std::errc() || p != end) return std::nullopt;
  return v;
}

// "logits[i,j]" -> "logits"; "input values" -> "input"; "values in X" -> "X"; "RGB values" stays
// unknown to the caller (no such parameter). Commas inside brackets are not separators.
std::vector<std::string> clause_names(const std::string& middle) {
  std::string flat;
  int depth = 0;
  for (char ch : middle) {
    if (ch == '[') ++depth;
    if (depth == 0) flat += ch;
    if (ch == ']') --depth;
  }
  std::vector<std::string> names;
  for (std::string part : split_clauses(flat, ',')) {
    part = trim_clause(part);
    for (std::string_view drop : {"values in ", "input elements ", "elements "})
      if (part.starts_with(drop)) part = part.substr(drop.size());
    for (std::string_view drop : {" values", " elements", " value"})
      if (part.ends_with(drop)) part = part.substr(0, part.size() - drop.size());
    part = trim_clause(part);
    if (part.find(' ') != std::string::npos || part.empty()) return {};  // prose, not names
    names.push_back(part);
  }
  return names;
}

// Splits "0<=S<=E<=N-1" into operands and operators ("<=" or "<").
void split_chain(const std::string& text, std::vector<std::string>& operands, std::vector<std::string>& ops) {
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '<') continue;
    operands.push_back(trim_clause(text.substr(start, i - start)));
    const bool eq = i + 1 < text.size() && text[i + 1] == '=';
    ops.push_back(eq ? "<=" : "<");
    if (eq) ++i;
    start = i + 1;
  }
  operands.push_back(trim_clause(text.substr(start)));
}

std::optional<Clause> parse_clause(const std::string& raw) {
  const std::string text = trim_clause(raw);
  // "perf ..." sizes live in the signature table; "?" marks a fact the table is unsure of; ">",
  // "=", "%" and prose are relations this reader leaves to the author.
  if (text.empty() || text.starts_with("perf ") || text.find('?') != std::string::npos) return std::nullopt;
  if (text.find('>') != std::string::npos || text.find("==") != std::string::npos) return std::nullopt;
  std::vector<std::string> operands, ops;
  split_chain(text, operands, ops);
  if (ops.size() < 2) return std::nullopt;
  Clause c;
  c.text = text;
  c.lo = {operands.front(), number_of(operands.front())};
  c.hi = {operands.back(), number_of(operands.back())};
  c.strict_lo = ops.front() == "<";
  c.strict_hi = ops.back() == "<";
  if (ops.size() == 2) {
    c.names = clause_names(operands[1]);
    if (c.names.empty()) return std::nullopt;
  } else {
    for (const std::string& o : operands)
      if (o.find(' ') != std::string::npos) return std::nullopt;
    c.chain = operands;
    c.chain_ops = ops;
  }
  return c;
}

}  // namespace

std::vector<Clause> parse_clauses(const std::string& constraints) {
  std::vector<Clause> out;
  for (const std::string& part : split_clauses(constraints, ';'))
    if (auto c = parse_clause(part)) out.push_back(std::move(*c));
  return out;
}

std::vector<std::string> parse_zero_outputs(const std::string& output_init) {
  std::vector<std::string> out;
  for (const std::string& part : split_clauses(output_init, ';')) {
    const std::string item = trim_clause(part);
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos) continue;
    const std::string how = trim_clause(item.substr(colon + 1));
    // "zeros" alone, or with the statement's guarantee; a bracket limits it to some tests.
    if (how == "zeros" || how.starts_with("zeros statement-guarantees-zero"))
      out.push_back(trim_clause(item.substr(0, colon)));
  }
  return out;
}

const StatementRow* StatementFacts::find(std::string_view slug) const {
  for (const StatementRow& r : rows)
    if (r.slug == slug) return &r;
  return nullptr;
}

fs::path statement_facts_file(const fs::path& facts_file) {
  return facts_file.parent_path() / "leetgpu-constraints.tsv";
}

Result<StatementFacts> load_statement_facts(const fs::path& file) {
  std::ifstream in(file);
  if (!in) return make_error(fmt::format("{}: cannot read the statements' facts table", file.string()));
  StatementFacts facts;
  facts.file = file;
  std::string line;
  if (!std::getline(in, line)) return make_error(fmt::format("{}: empty table", file.string()));
  if (!line.empty() && line.back() == '\r') line.pop_back();
  std::map<std::string, std::size_t> col;
  const std::vector<std::string> header = split_clauses(line, '\t');
  for (std::size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
  for (const char* need : {"slug", "constraints", "output_init", "reference_notes"})
    if (!col.count(need)) return make_error(fmt::format("{}:1: the header has no column '{}'", file.string(), need));
  for (int n = 2; std::getline(in, line); ++n) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const std::vector<std::string> f = split_clauses(line, '\t');
    auto at = [&](const char* name) {
      const std::size_t i = col.at(name);
      return i < f.size() ? f[i] : std::string();
    };
    StatementRow r;
    r.line = n;
    r.slug = at("slug");
    if (r.slug.empty()) return make_error(fmt::format("{}:{}: no slug", file.string(), n));
    r.constraints = at("constraints");
    r.clauses = parse_clauses(r.constraints);
    r.output_init = at("output_init");
    r.zero_outputs = parse_zero_outputs(r.output_init);
    r.reference_notes = at("reference_notes");
    facts.rows.push_back(std::move(r));
  }
  return facts;
}

}  // namespace judge::content
