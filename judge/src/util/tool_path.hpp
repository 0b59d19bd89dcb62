// Finding a program of the CUDA toolkit (compute-sanitizer, ncu): an override variable, PATH,
// then the toolkit's folders. One search, so every tool is looked for the same way.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "util/result.hpp"

namespace judge::util {

// The toolkit folders to search: $CUDA_HOME when set, then /usr/local/cuda.
std::vector<std::filesystem::path> cuda_roots();

// `name` as given by the variable `override_var` when it is set (an error, ending with
// `override_hint`, when that is not an executable), else the first executable `name` on PATH,
// else the first executable of `candidates`. When none is found, the error is `not_found`.
Result<std::filesystem::path> find_tool(const std::string& name, const char* override_var,
                                        const std::vector<std::filesystem::path>& candidates,
                                        const std::string& not_found, const std::string& override_hint = "");

}  // namespace judge::util
