// `judge validate --compile`: starter.cu and every solution listed in expected.json, compiled as
// `judge compile <slug> FILE --arch sm_90` does (no GPU), each in a child process, several at a
// time. NVRTC (the default engine) must take every file: a fallback to nvcc is a problem, as is
// a file that fails to compile, or a file listed as CE that compiles.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "content/problem.hpp"

namespace judge::content {

struct CompileFile {
  std::string slug;
  std::string file;             // relative to the data root
  bool expect_failure = false;  // listed with verdict CE
};

struct CompileCheckOptions {
  std::filesystem::path executable;  // the judge binary the children run; empty: this process's
  std::string arch = "sm_90";
  unsigned jobs = 0;  // 0: one per core
};

// Problems by slug (only slugs with problems appear).
std::map<std::string, Problems> check_compile(const std::filesystem::path& root, const std::vector<CompileFile>& files,
                                              const CompileCheckOptions& options);

}  // namespace judge::content
