// Function-like macros of a CUDA file, expanded by the source splitter where it must see what
// they produce: a kernel defined by a macro at namespace scope, a launch written inside a macro.
// One level at a time and textual (arguments are substituted as written, `#` and `##` applied);
// the real preprocessor still rescans the result, so nested macros keep their own meaning,
// including definitions that differ between the host and the device side.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace judge::compile {

struct FunctionMacro {
  std::string name;
  std::vector<std::string> params;  // a variadic macro's last parameter is its `...` name
  bool variadic = false;
  std::string body;  // the replacement list, continuation lines joined
};

// `define NAME(a, b) body` (a directive without its `#`); nullopt for object-like macros and
// other directives.
std::optional<FunctionMacro> parse_function_macro(std::string_view directive);

// One expansion on one line (newlines of the arguments become spaces); nullopt when the number
// of arguments does not fit the macro.
std::optional<std::string> expand_function_macro(const FunctionMacro& m, const std::vector<std::string>& args);

}  // namespace judge::compile
