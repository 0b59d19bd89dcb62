// Compiling a submission in a child process (`judge compile --json`), so that a time limit holds
// whatever the engine: NVRTC compiles inside the calling process, where a compile bomb
// (exponential template instantiation) could be neither stopped nor kept from eating memory, and
// where a crash inside NVRTC would take the judge down with it. `judge run`, `judge baseline add`
// and `judge grade` compile this way (--compile-timeout).
#pragma once

#include <filesystem>
#include <string>

#include "compile/compiler.hpp"

namespace judge::judging {

struct IsolatedCompile {
  std::filesystem::path executable;  // the judge binary; empty: this process's own
  std::filesystem::path data_root;   // the catalog's root, passed as --root
  std::string challenge;             // slug
  std::filesystem::path cwd;         // where the child runs; empty: here
  std::string file;                  // the source as the child names it (relative to cwd), so
                                     // its messages name the file as the user knows it
  int timeout_ms = 120000;
};

// The child's verdict on the source. Status::ok means it compiled within the limit; `artifact`
// is then the build it left in the cache (its JSON reply's `artifact`).
compile::CompileOutcome compile_in_child(const compile::CompileRequest& request, const IsolatedCompile& how);

// compile_in_child for a build to load: the artifact the child reported must exist (else a judge
// error), and a successful compile's log (warnings) is dropped, as it always was on this path.
// The outcome reports the child's engine, note, time and whether the child found it cached.
compile::CompileOutcome compile_isolated(const compile::CompileRequest& request, const IsolatedCompile& how);

}  // namespace judge::judging
