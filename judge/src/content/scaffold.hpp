// `judge new <slug>`: the files of a new challenge, from its `solve` signature and, when the slug
// is LeetGPU's, the facts table (number, title, difficulty, tolerance, roles, performance sizes).
// The scaffold loads (challenge.json and the test cases parse) but fails `judge validate`: every
// place the author must fill in holds the marker TODO(judge new) or is a check that fails with a
// message saying what to write (ranges, work, cases, solutions, baselines).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "content/facts.hpp"
#include "spec/challenge.hpp"
#include "util/result.hpp"

namespace judge::content {

struct NewParam {
  std::string name;
  spec::DType type = spec::DType::float32;
  bool pointer = false;
  spec::Role role = spec::Role::in;
  std::string written;  // as the signature declares it: "const float* A"
};

struct NewChallenge {
  std::string slug, title, difficulty;
  std::string source = "leetgpu";  // or "interview"
  int number = 0;
  std::string adapted;    // set (to a marker) when the table has no CUDA signature to keep
  std::string signature;  // as the statement shows it
  std::vector<NewParam> params;
  double atol = 1e-5, rtol = 1e-5;
  std::map<std::string, double> performance_scalars;  // the official sizes, where the table gives them
  std::string distribution;                           // the official input distribution, as text
  std::string shape;                                  // the guessed shape of every buffer: ["N"]
  // From the statements' table (content/scaffold_constraints.hpp): each scalar's range and each
  // input's value bounds as JSON texts ("1", "\"C-1\""), relations, outputs that start at zero,
  // and the constraint clauses for the README.
  std::map<std::string, std::pair<std::string, std::string>> ranges, values;
  std::vector<std::string> relations;
  std::vector<std::string> zero_outputs;
  std::string statement_constraints;
};

struct NewRequest {
  std::string slug;
  std::optional<std::string> signature;  // --signature
  bool interview = false;                // --interview
};

// Decides what to write; touches no file. `facts` may be null (no table found; `facts_where`
// says where it was looked for).
Result<NewChallenge> plan_challenge(const NewRequest& request, const Facts* facts, const std::string& facts_where);

// The files of the scaffold, relative to the data root, with their text.
std::vector<std::pair<std::string, std::string>> scaffold_files(const NewChallenge& challenge);

// Writes them (and solutions/<slug>/wrong/), refusing when any of the challenge's paths exists.
// Returns the paths written, relative to the root.
Result<std::vector<std::string>> write_scaffold(const std::filesystem::path& root, const NewChallenge& challenge);

}  // namespace judge::content
