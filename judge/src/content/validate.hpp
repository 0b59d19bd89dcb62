// `judge validate`: every check of a challenge's files, gathered as problems per challenge
// (docs/content-brief.md lists them). Reads files only; with `compile`, it also compiles every
// shipped .cu for sm_90 (no GPU).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "content/problem.hpp"
#include "spec/catalog.hpp"
#include "util/result.hpp"

namespace judge::content {

struct ValidateOptions {
  std::optional<std::filesystem::path> facts;  // --facts; default: <root>/../shared/leetgpu-challenges.tsv
  bool baselines = true;                       // false: --no-baselines
  bool compile = false;                        // --compile
  std::filesystem::path executable;            // the judge binary --compile's children run; empty: this one
};

struct ChallengeReport {
  std::string slug;
  Problems problems;
  bool ok() const { return problems.empty(); }
};

struct ValidateReport {
  std::string facts_file;       // the table used; empty when none
  std::string facts_note;       // why the checks against it were skipped; empty when it was used
  std::string statements_file;  // the statements' constraints table used (beside facts_file); empty when none
  std::vector<ChallengeReport> challenges;
  bool ok() const;
};

// Every folder in challenges/ (with or without a challenge.json), sorted.
std::vector<std::string> challenge_folders(const spec::Catalog& catalog);

// Validates `slugs` (each must have a folder in challenges/). An error only when an explicitly
// given --facts file cannot be read.
Result<ValidateReport> validate(const spec::Catalog& catalog, const std::vector<std::string>& slugs,
                                const ValidateOptions& options);

}  // namespace judge::content
