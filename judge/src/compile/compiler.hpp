// Compiling a submission into a loadable artifact. Engines plug in behind `compile`.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "compile/binding.hpp"
#include "util/result.hpp"

namespace judge::compile {

struct CompileRequest {
  std::filesystem::path source;                     // the user's file
  std::string display_name;                         // how the user named it, for messages
  std::vector<std::filesystem::path> include_dirs;  // -I (the source's folder is always added)
  std::string arch;                                 // "sm_90"
  std::string engine = "auto";                      // auto, nvrtc or nvcc (docs/compile.md)
  Binding binding;
  int timeout_ms = 120000;
  bool use_cache = true;
};

struct CompileOutcome {
  enum class Status : int { ok = 0, compile_error = 1, tool_error = 2 };
  Status status = Status::ok;
  std::filesystem::path artifact;  // shared object exposing kTrampolineSymbol
  std::string engine;              // which engine produced it: nvrtc or nvcc
  std::string note;                // why auto chose nvcc, in one line; empty otherwise
  bool cached = false;
  double compile_ms = 0;
  std::string log;  // compiler messages (warnings or errors), with the user's file name
};

// Chooses the engine (request.engine) and compiles; see engine_choice.cpp.
CompileOutcome compile(const CompileRequest& request);

// The engines themselves. compile_nvrtc needs the split of the request's source.
struct SplitResult;
// The split the nvrtc engine compiles: the source with its local headers (and the judge's solve.h
// for the older format) inlined, issues located in the file they are in.
SplitResult split_with_headers(const CompileRequest& request, std::string_view text);
// Why `auto` compiles a file with nvcc without trying NVRTC ("compiled with nvcc: the nvrtc engine
// does not support <construct> (line N)"); empty when the split has no unsupported construct.
std::string nvcc_fallback_note(const SplitResult& split);
// Why `auto` compiled with nvcc a file that NVRTC rejected and nvcc accepted: the first error of
// the nvrtc engine's log (which compiler said it, the file and line, the line's code) and the
// request to report it.
std::string nvrtc_failure_note(std::string_view nvrtc_log, std::string_view source, const std::string& display_name);
CompileOutcome compile_nvcc(const CompileRequest& request);
CompileOutcome compile_nvrtc(const CompileRequest& request, const SplitResult& split);

// The artifact of `engine` for cache key `key`: util::cache_root()/artifacts/<engine>-<key>.so.
std::filesystem::path artifact_path(const std::string& engine, const std::string& key);

// The nvcc to use: $JUDGE_NVCC, else nvcc on PATH, else $CUDA_HOME/bin/nvcc, else /usr/local/cuda/bin/nvcc.
Result<std::filesystem::path> find_nvcc();
// "release 13.0, V13.0.88" (the last line of `nvcc --version`), cached per process.
Result<std::string> nvcc_version();

// The host C++ compiler of the nvrtc engine: $JUDGE_CXX, else g++ on PATH, else c++ on PATH.
Result<std::filesystem::path> find_host_compiler();
// "nvrtc 13.0; g++ 12.2.0", cached per process.
Result<std::string> nvrtc_toolchain_version();

}  // namespace judge::compile
