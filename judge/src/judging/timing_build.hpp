// The performance case of an NVRTC-built solution is timed on an nvcc build of the same file.
//
// LeetGPU builds with nvcc. NVRTC's PTX addresses shared memory with 64-bit pointers where nvcc's
// front end uses 32-bit ones (LLVM's "short pointers", which NVRTC offers no option for), and a
// shared-memory-heavy kernel pays for the wider addresses in registers and instructions: the
// shipped matrix multiplication runs 6% slower built by NVRTC (docs/fidelity.md). So the nvcc
// build is started in the background as soon as the NVRTC build is done, the example and
// functional tests run on the NVRTC build meanwhile, and the performance case (its correctness
// check and its timing) runs on the nvcc build. `--time-with same` times the build that was judged.
#pragma once

#include <future>
#include <optional>
#include <string>

#include "compile/compiler.hpp"
#include "judging/run_options.hpp"

namespace judge::judging {

struct TimingBuild {
  std::shared_future<compile::CompileOutcome> outcome;  // the nvcc build, under way or done
};

// Whether a solution built by `engine` gets an nvcc build for its performance case.
bool wants_timing_build(const RunOptions& options, const std::string& engine);

// Starts the nvcc build of `request` in the background (time-limited like every compile).
TimingBuild start_timing_build(compile::CompileRequest request, const RunOptions& options, const std::string& challenge,
                               const std::filesystem::path& cwd, const std::string& file);

// The same build made in the calling thread (judge grade's compile pool bounds how many run).
TimingBuild make_timing_build(compile::CompileRequest request, const RunOptions& options, const std::string& challenge,
                              const std::filesystem::path& cwd, const std::string& file);

}  // namespace judge::judging
