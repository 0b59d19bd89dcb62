// `--sanitize TOOL`: the example and functional tests run in a runner started under NVIDIA's
// compute-sanitizer (memcheck, racecheck, initcheck or synccheck), one fresh runner per test so
// each test's report is complete (the tool prints its summary as the runner exits), and the
// tool's findings become the test's diagnosis, naming file:line in the user's source (both
// engines compile with -lineinfo; NVRTC's device part carries #line directives).
//
// Verdict: any error the tool reports makes the test RTE (the program's behaviour is undefined,
// even where its output happened to match), with the first findings as the explanation; the
// verdict the test would otherwise have had stays in the details. Records of failed CUDA API
// calls ("Program hit ...") are listed but do not decide the verdict alone: after a fault the
// judge's own calls fail too. The performance case is not run: a time under the tool means nothing.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "exec/protocol.hpp"
#include "judging/result.hpp"
#include "judging/sanitizer_report.hpp"
#include "util/result.hpp"

namespace judge::judging {

inline constexpr const char* kSanitizerTools[] = {"memcheck", "racecheck", "initcheck", "synccheck"};
// The tool slows kernels down by 10-100x (racecheck most): the solve limit is multiplied by
// this, with at least kSanitizerMinSolveMs, and set-up gets kSanitizerSetupMs.
inline constexpr int kSanitizerSlowdown = 50;
inline constexpr int kSanitizerMinSolveMs = 60000;
inline constexpr int kSanitizerSetupMs = 120000;
// Findings the diagnosis names; the tool stops printing after kSanitizerPrintLimit.
inline constexpr std::size_t kSanitizerShown = 3;
inline constexpr int kSanitizerPrintLimit = 10;

// $JUDGE_COMPUTE_SANITIZER, compute-sanitizer on PATH, under $CUDA_HOME (bin/ or
// compute-sanitizer/), then under /usr/local/cuda; an error that says where it looked.
Result<std::filesystem::path> find_compute_sanitizer();

// compute-sanitizer and its options, to put in front of `judge __runner --fd 3`.
std::vector<std::string> sanitizer_argv(const std::filesystem::path& sanitizer, const std::string& tool);

// One sentence for a finding: "invalid __global__ read of size 4 bytes at solution.cu:12 in
// add(...), thread (32,0,0) block (3,0,0): 4 bytes past the end of B". `buffers` is the runner's
// list of the test's device buffers (exec::BufferAddress: name, role, address, bytes), which turns
// an address into a buffer and element; initcheck's read of an output's address says "reads
// output C before writing it".
std::string describe_finding(const SanitizerFinding& f, const std::vector<exec::BufferAddress>& buffers);

// Applies the tool's report to a diagnosed test: the solution's own output without the tool's
// lines, and RTE with the findings when the tool reported errors.
void apply_sanitizer_report(TestResult& test, const std::string& tool, const SanitizerReport& report,
                            const std::vector<exec::BufferAddress>& buffers);

}  // namespace judge::judging
