// The statements' facts (../shared/leetgpu-constraints.tsv beside the repository): per LeetGPU
// challenge its constraint clauses ("1<=N<=10000; -10.0<=logits[i,j]<=10.0; perf N=10000"), the
// value ranges of the official tests, the largest official sizes, how each output starts and the
// reference semantics. `judge validate` compares challenge.json's constraints with the clauses it
// can read; `judge new` fills them in.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace judge::content {

// One bound of a clause: a number, or a name expression ("C", "N-1").
struct ClauseBound {
  std::string text;
  std::optional<double> number;
};

// A clause the judge can read: `lo <= names <= hi` (names: one or more parameters, "M,N,K"), or a
// longer chain ("0<=S<=E<=N-1", kept as `chain` of its operands for a relation).
struct Clause {
  std::string text;                // as in the table
  std::vector<std::string> names;  // "M", "logits", "input" (subscripts and "values" stripped)
  ClauseBound lo, hi;
  bool strict_lo = false, strict_hi = false;  // "<" instead of "<="
  std::vector<std::string> chain;             // operands of a chain of 3+ comparisons, else empty
  std::vector<std::string> chain_ops;         // its operators, "<=" or "<"; one fewer than operands
};

struct StatementRow {
  int line = 0;
  std::string slug;
  std::string constraints;      // the whole column
  std::vector<Clause> clauses;  // the ones that parse
  std::string output_init;      // "C:zeros[functional,perf] empty[example]"
  std::string reference_notes;
  // Outputs the statement or every official test guarantees to start at zero ("out:zeros" with no
  // qualifier, or "statement-guarantees-zero").
  std::vector<std::string> zero_outputs;
};

struct StatementFacts {
  std::filesystem::path file;
  std::vector<StatementRow> rows;
  const StatementRow* find(std::string_view slug) const;
};

// Beside the signature table: <dir of facts file>/leetgpu-constraints.tsv.
std::filesystem::path statement_facts_file(const std::filesystem::path& facts_file);

Result<StatementFacts> load_statement_facts(const std::filesystem::path& file);

// Exposed for tests: the clauses of one constraints column, and the zero-started outputs of one
// output_init column.
std::vector<Clause> parse_clauses(const std::string& constraints);
std::vector<std::string> parse_zero_outputs(const std::string& output_init);

}  // namespace judge::content
