// A compiler log a person can read: NVRTC's, g++'s or nvcc's messages cut into diagnostics, the
// warnings the judge's own text causes (its prelude, shims, trampoline) or that sit in the CUDA
// toolkit's headers (nvcc treats those as system headers and never shows them) left out, errors
// first, each with its file and line, and a cut that never hides the first error.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace judge::compile {

struct LogOptions {
  // Files whose warnings are the judge's, not the user's: its prelude and shim header names, and
  // folders (the CUDA toolkit's include folder). A path matches a folder it lies under.
  std::vector<std::string> judge_files;
  std::vector<std::string> judge_folders;
  int max_lines = 40;  // after the first error, which is always shown whole
};

// One message of a log: its header line (`f.cu(7): error: ...` or `f.cu:7:3: error: ...`) with
// the lines that belong to it (context before, source and caret after).
struct LogMessage {
  enum class Severity { error, warning, other };
  Severity severity = Severity::other;
  std::string file;
  int line = 0;
  std::string text;    // the header line's message, after "error: "
  std::string header;  // the whole header line
  bool edg = false;    // NVRTC/nvcc front-end format `file(line): error:`; else GCC's
  std::vector<std::string> lines;
};

// The log cut into messages, in order; lines before the first header and summary lines
// ("1 error detected in ...") are messages of severity `other` without a file.
std::vector<LogMessage> parse_compile_log(std::string_view log);

// The tidy log (see the file comment); the empty string stays empty.
std::string tidy_compile_log(std::string_view log, const LogOptions& o);

// The first error of a log, if it has one.
std::optional<LogMessage> first_compile_error(std::string_view log);

}  // namespace judge::compile
