// Binding the submission's `solve` prototype to the challenge's parameters, by position.
//
// Buffers must have the spec's element type (any common spelling), and an output must not be
// declared const. Integer scalars may be declared with any integer type of 32 bits or more;
// the judge then passes exactly that type. Float scalars may be float or double.
#pragma once

#include <string>
#include <vector>

#include "compile/prototype.hpp"
#include "spec/challenge.hpp"
#include "util/result.hpp"

namespace judge::compile {

// How the runner stores one argument. Explicit values: sent to the runner.
enum class ArgKind : int { pointer = 0, i32 = 1, u32 = 2, i64 = 3, u64 = 4, f32 = 5, f64 = 6 };

struct BoundParam {
  ArgKind kind = ArgKind::pointer;
  std::string c_type;  // the C++ type the trampoline passes: "const float*", "size_t", ...
};

struct Binding {
  std::vector<BoundParam> params;
  // LeetGPU's older format (solve defined with C++ linkage): the solve.h the judge provides,
  // from the challenge's signature (compile/solve_header.hpp). Empty for extern "C" files.
  std::string solve_header;
};

// Fails with a compile-error message that names the parameter.
Result<Binding> bind_prototype(const Prototype& proto, const spec::Challenge& challenge, std::string_view file_name);

}  // namespace judge::compile
