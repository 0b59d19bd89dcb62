// Local headers for the nvrtc engine: every `#include "x.cuh"` that resolves to a file is replaced
// by that file's text (recursively, each file once, like #pragma once), between #line markers,
// before the split. The splitter then sees the header's kernels, launches and prototypes as if
// they were in the solution, and NVRTC and the host compiler get the same code; messages still
// name the header and its lines. The nvcc engine needs none of this (it reads the headers itself).
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace judge::compile {

struct InlinedSource {
  std::string text;  // the solution with its local headers inlined
  // Where each line of `text` came from: from line `first` of text on, the lines of `file`
  // (empty: the solution itself) starting at `file_line`.
  struct Span {
    int first = 1;
    std::string file;
    int file_line = 1;
  };
  std::vector<Span> spans;
  std::vector<std::filesystem::path> headers;  // the files inlined, in order

  // The file (empty for the solution) and line that line `line` of `text` came from.
  std::pair<std::string, int> locate(int line) const;
};

// `source` is the solution's path (its folder is searched first), `text` its contents, `display`
// how messages name it. A quoted include is looked up next to the including file, then in
// `include_dirs`, then in `provided` (name -> text: the judge's solve.h); one found nowhere stays
// as written, for the compilers to report.
InlinedSource inline_local_includes(const std::filesystem::path& source, std::string_view text,
                                    std::string_view display, const std::vector<std::filesystem::path>& include_dirs,
                                    const std::map<std::string, std::string>& provided);

}  // namespace judge::compile
