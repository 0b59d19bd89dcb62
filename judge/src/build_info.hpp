// What this build is, beyond kJudgeVersion (version.hpp): the git commit it was built from and the
// CUDA it was built with and finds at run time, for `judge --version`.
#pragma once

#include <string>

namespace judge {

// The short git commit of the build, with "-modified" when tracked files differed from it, or
// "unknown" outside a git checkout (generated at build time: cmake/build_info.cmake).
const char* git_commit();

// `judge --version`: "judge X.Y.Z" on the first line (help2man reads it), then the commit and
// the CUDA versions: built with, runtime, NVRTC and driver (found without a GPU; "none" when
// there is no driver).
std::string version_text();

}  // namespace judge
