// One finding of the challenge validation (`judge validate`): the file it is in, relative to the
// data root; where in it (a JSON path, a line, a section, a case); and what is wrong, saying what
// to do about it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "util/result.hpp"

namespace judge::content {

struct Problem {
  std::string file;     // "challenges/softmax/README.md"
  std::string where;    // "line 30 (Example 1)", "$.cases[3].note", "example-2"; may be empty
  std::string message;  // what is wrong and what to do
};
using Problems = std::vector<Problem>;

// "challenges/softmax/README.md: line 30 (Example 1): ..." (no where: "file: message").
std::string format_problem(const Problem& p);

// `path` relative to the data root when it is inside it, else as given.
std::string relative_name(const std::filesystem::path& root, const std::filesystem::path& path);

// A loader's error ("<path>: $.cases[3].scalars.N: 5 is outside ...") as a Problem: the path made
// relative to the root, the JSON path as `where`. Messages of another shape keep `file`.
Problem problem_from_error(const std::filesystem::path& root, const std::string& file, const Error& error);

}  // namespace judge::content
