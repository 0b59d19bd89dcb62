// Template argument deduction for kernel launches written without template arguments
// (`scale<<<g, b>>>(in, out, n)` of `template <class T> __global__ void scale(const T*, T*, int)`).
// NVRTC needs the instantiation by name (`scale<float>`), so the splitter deduces it from the
// declared types of the launch's arguments, the way C++ would for the common cases: each kernel
// parameter's type is a pattern with at most one template parameter in it (`const T*`, `T`,
// `Vec<T>*` is not supported), matched against the argument's declared type token by token.
// Anything else is left undeduced: the file then goes to nvcc, as before.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace judge::compile {

using TypeTokens = std::vector<std::string>;  // {"const", "float", "*"}

struct TemplateParam {
  std::string name;
  bool is_type = false;      // typename/class T; otherwise a non-type parameter (never deduced here)
  bool has_default = false;  // `= ...`: may stay unwritten when everything after it does too
};

// The explicit template argument list (one text per parameter written, e.g. {"float"}), or
// nullopt when a parameter cannot be deduced. `arg_types[i]` is the declared type of argument i,
// or nullopt when it is not a plain variable of known type.
std::optional<std::vector<std::string>> deduce_template_arguments(
    const std::vector<TemplateParam>& params, const std::vector<TypeTokens>& parameter_types,
    const std::vector<std::optional<TypeTokens>>& arg_types);

// A declaration's tokens ("const float* __restrict__ in") split into its type and its name; the
// name is empty for an unnamed parameter. Qualifiers that do not affect deduction (__restrict__,
// restrict) are dropped.
struct Declarator {
  TypeTokens type;
  std::string name;
};
Declarator split_declarator(const std::vector<std::string>& tokens);

}  // namespace judge::compile
