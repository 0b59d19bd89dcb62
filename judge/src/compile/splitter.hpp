// The source splitter of the nvrtc engine: one CUDA file becomes a device translation unit for
// NVRTC and a host translation unit for the host C++ compiler, every line at its original number.
// docs/compile.md lists the rules and the constructs that send a file to nvcc instead.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace judge::compile {

// Something the split cannot express; `auto` compiles such a file with nvcc and says why.
struct SplitIssue {
  std::string construct;  // "thrust called from host code"
  int line = 0;
  std::string file;  // a local header the line is in (compile/local_includes.hpp); empty: the solution
};

struct NameExpression {
  std::string text;  // for nvrtcAddNameExpression: "ns::k<256>" or "&ns::table"
  bool variable = false;
};

struct SplitResult {
  std::string device_source;  // kernels, device functions and variables, types, macros, constants
  std::string host_source;    // host code; launches and symbol calls rewritten (see host_prelude)
  // Indexed by the numbers the host source passes to judge_nvrtc:: helpers.
  std::vector<NameExpression> names;
  std::vector<SplitIssue> unsupported;  // empty: the nvrtc engine can compile the file
  int kernels = 0;
  int launches = 0;
};

SplitResult split_source(std::string_view text);

// "<construct> (line N)" for the first issue, for one-line notes and errors ("(kernel.cuh line N)"
// when it is in a local header).
std::string describe_first_issue(const SplitResult& r);

}  // namespace judge::compile
