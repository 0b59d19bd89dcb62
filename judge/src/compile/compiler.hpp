// Compiling a submission into a loadable artifact. Engines plug in behind `compile`.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "compile/binding.hpp"
#include "util/result.hpp"

namespace judge::compile {

struct CompileRequest {
  std::filesystem::path source;                     // the user's file
  std::string display_name;                         // how the user named it, for messages
  std::vector<std::filesystem::path> include_dirs;  // -I (the source's folder is always added)
  std::string arch;                                 // "sm_90"
  std::string engine = "nvcc";
  Binding binding;
  int timeout_ms = 120000;
  bool use_cache = true;
};

struct CompileOutcome {
  enum class Status : int { ok = 0, compile_error = 1, tool_error = 2 };
  Status status = Status::ok;
  std::filesystem::path artifact;  // shared object exposing kTrampolineSymbol
  std::string engine;              // which engine produced it
  bool cached = false;
  double compile_ms = 0;
  std::string log;  // compiler messages (warnings or errors), with the user's file name
};

CompileOutcome compile(const CompileRequest& request);

// Where compiled artifacts are kept: $JUDGE_CACHE_DIR, else $XDG_CACHE_HOME/judge, else ~/.cache/judge.
std::filesystem::path cache_dir();

// The nvcc to use: $JUDGE_NVCC, else nvcc on PATH, else $CUDA_HOME/bin/nvcc, else /usr/local/cuda/bin/nvcc.
Result<std::filesystem::path> find_nvcc();
// "release 13.0, V13.0.88" (the last line of `nvcc --version`), cached per process.
Result<std::string> nvcc_version();

}  // namespace judge::compile
