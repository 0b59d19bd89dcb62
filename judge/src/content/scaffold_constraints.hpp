// `judge new` fills the statement's constraints into a scaffold from the statements' table
// (content/statement_facts.hpp): each scalar's `range`, each input's `values`, the relations
// between scalars, and `"init": "zeros"` for the outputs LeetGPU starts at zero. What the table
// states only in prose stays for the author (the README lists every clause).
#pragma once

#include "content/scaffold.hpp"
#include "content/statement_facts.hpp"

namespace judge::content {

void apply_statement(NewChallenge& n, const StatementRow& row);

}  // namespace judge::content
