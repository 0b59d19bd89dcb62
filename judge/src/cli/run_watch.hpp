// `judge run --watch`: judges a solution, then again each time it, or a local header it includes,
// is saved; for the learner's edit-and-run loop. Ends with Ctrl-C (exit 130, util/interrupt).
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/run_support.hpp"

namespace judge::cli {

// The files a watch follows: the solution and the local headers it includes with #include "..."
// (recursively, found next to the including file or in the -I folders), as compile/source_hash
// finds them for the compile cache. Looked up again after every run: an include may come or go.
std::vector<std::filesystem::path> watched_files(const JudgeRequest& r);

// "[14:03:07] run 2: s.cu changed"; run 1, with nothing changed: "[14:03:07] run 1: s.cu".
std::string watch_header(int run, const std::string& clock, const std::vector<std::string>& changed,
                         const std::string& solution);
// "watching s.cu and helper.cuh (Ctrl-C to stop)".
std::string watch_footer(const std::vector<std::string>& files);

// Judges r.file until interrupted. A run that fails (compile error, wrong answer, no GPU) does
// not end the watch; a problem no save can fix does (unknown challenge, bad --tests, a missing
// compute-sanitizer: found by the first run), as does a watched folder removed. With `json`, one
// JSON document per run on one line (JSON lines) and the header and footer on stderr.
int watch_and_judge(const GlobalOptions& g, const JudgeRequest& r, bool json);

}  // namespace judge::cli
