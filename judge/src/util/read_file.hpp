// Reading a whole file as text (bytes as they are, no newline translation), with an error that
// names the file: sources, READMEs, starters, golden files.
#pragma once

#include <filesystem>
#include <string>

#include "util/result.hpp"

namespace judge::util {

// The file's bytes, or "PATH: cannot read file".
Result<std::string> read_text_file(const std::filesystem::path& path);

}  // namespace judge::util
