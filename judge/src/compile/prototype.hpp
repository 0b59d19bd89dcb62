// Finding and reading the submission's own `extern "C" void solve(...)` prototype, or the
// C++-linkage definition of LeetGPU's older format.
//
// A small tokenizer skips comments, string and character literals and preprocessor lines,
// so a `solve` in a comment or a string is never taken for the real one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "util/result.hpp"

namespace judge::compile {

struct DeclaredParam {
  std::string base;            // normalized base type: "float", "unsigned int", "size_t", "half", ...
  bool pointee_const = false;  // `const float* p`
  int pointer_depth = 0;
  std::string name;     // may be empty in a declaration
  std::string written;  // the parameter as written, for messages
  int line = 0;
};

struct Prototype {
  std::vector<DeclaredParam> params;
  int line = 0;  // line of `solve`
  bool is_definition = false;
  // A definition without extern "C" (LeetGPU's older format, with #include "solve.h"): the
  // judge provides solve.h and calls the C++ function. Only taken when no extern "C" solve exists.
  bool cpp_linkage = false;
};

// `file_name` is only used in messages.
Result<Prototype> parse_solve_prototype(std::string_view source, std::string_view file_name);

}  // namespace judge::compile
