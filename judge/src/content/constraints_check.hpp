// The statement gate of `judge validate`: challenge.json's constraints against the statements'
// facts table (the clauses it can read, which outputs start at zero), every test case's scalars
// and generated input values against challenge.json's constraints (a case outside them must be
// marked "beyond_spec"), and the performance case at the official size.
#pragma once

#include <filesystem>

#include "content/facts.hpp"
#include "content/problem.hpp"
#include "content/statement_facts.hpp"
#include "spec/challenge.hpp"
#include "spec/testcase.hpp"

namespace judge::content {

// challenge.json's `range`, `values`, `constraints` and `init` against the table's row.
Problems check_statement_facts(const std::filesystem::path& root, const spec::Challenge& c, const StatementRow& row,
                               const StatementFacts& facts);

// Every case against challenge.json's constraints, on the generated data.
Problems check_case_constraints(const std::filesystem::path& root, const spec::Challenge& c,
                                const spec::TestSuite& suite);

// The official performance case's scalars against the signature table's official sizes.
Problems check_performance_size(const std::filesystem::path& root, const spec::Challenge& c,
                                const spec::TestSuite& suite, const FactRow& row);

// The violations of one case (scalars, then each input's first value outside its range), with
// each input generated as the judge generates it.
std::vector<spec::Violation> case_violations(const spec::Challenge& c, const spec::TestCase& tc);

}  // namespace judge::content
