// The cache key of a compiled artifact: a hash of everything that can change the result.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "util/result.hpp"

namespace judge::compile {

// The local headers a source includes with #include "..." (recursively), found next to the
// including file or in `include_dirs`. System headers (<...>) are covered by the toolkit version.
std::vector<std::filesystem::path> local_headers(const std::filesystem::path& source,
                                                 const std::vector<std::filesystem::path>& include_dirs);

// sha256 over: a format tag, engine, flags, toolkit version, generated wrapper, the source and
// every local header (by name and content).
Result<std::string> artifact_key(const std::filesystem::path& source,
                                 const std::vector<std::filesystem::path>& include_dirs,
                                 const std::string& wrapper_text, const std::string& engine,
                                 const std::vector<std::string>& flags, const std::string& toolkit_version);

}  // namespace judge::compile
