// The `solve.h` the judge provides for LeetGPU's older format: a file that does
// `#include "solve.h"` and defines a C++-linkage `void solve(...)`. Our own declaration, made from
// the challenge's signature; a solve.h next to the user's file wins (quoted includes search the
// including file's folder first, and the generated folder comes last on every include path).
#pragma once

#include <filesystem>
#include <string>

#include "spec/challenge.hpp"
#include "util/result.hpp"

namespace judge::compile {

inline constexpr const char* kSolveHeaderName = "solve.h";

// #include <cuda_runtime.h> (and <cuda_fp16.h> for half buffers) and `void solve(...);`.
std::string make_solve_header(const spec::Challenge& challenge);

// The folder that holds solve.h with `text`: util::cache_root()/include/<hash of text>/. Written once
// (atomically) by write_solve_header; the path alone is enough for a cache key.
std::filesystem::path solve_header_dir(const std::string& text);
Result<std::filesystem::path> write_solve_header(const std::string& text);

}  // namespace judge::compile
