// Compiling a submission in a child process (`judge compile --json`), so that --compile-timeout
// holds whatever the engine: NVRTC compiles inside the calling process, where a compile bomb
// (exponential template instantiation) could be neither stopped nor kept from eating memory.
#pragma once

#include <filesystem>
#include <string>

#include "compile/compiler.hpp"
#include "grade/discover.hpp"

namespace judge::grade {

struct IsolatedCompile {
  std::filesystem::path executable;  // the judge binary; empty: this process's own
  std::filesystem::path data_root;   // passed as --root
  int timeout_ms = 120000;
};

// The child's verdict on the source. Status::ok means it compiled within the limit, so the
// in-process compile that follows (a cache hit, or a compile known to finish) is safe.
compile::CompileOutcome compile_in_child(const Submission& s, const compile::CompileRequest& request,
                                         const IsolatedCompile& how);

}  // namespace judge::grade
