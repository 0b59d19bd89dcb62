// compute-sanitizer's text reports, as its manual documents them, read into findings and
// turned into a test's diagnosis. The samples are written here in the tool's format (current
// and older releases' location styles); no GPU needed.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "exec/runner.hpp"
#include "judging/sanitize.hpp"
#include "judging/sanitizer_report.hpp"
#include "test_support.hpp"

namespace judge::judging {
namespace {

using Json = nlohmann::json;

const char* const kMemcheckOutOfBounds = R"(========= COMPUTE-SANITIZER
========= Invalid __global__ read of size 4 bytes
=========     at add(const float *, const float *, float *, int)+0x1b0 in vector_add.cu:9
=========     by thread (0,0,0) in block (4,0,0)
=========     Address 0x7f3a2e000400 is out of bounds
=========     and is 1 bytes after the nearest allocation at 0x7f3a2e000000 of size 1,024 bytes
=========     Saved host backtrace up to driver entry point at kernel launch time
=========         Host Frame: cudaLaunchKernel [0x7f3a5c2e1a3d] in libcudart.so.13
=========
========= Program hit cudaErrorLaunchFailure (error 719) due to "unspecified launch failure" on CUDA API call to cudaDeviceSynchronize.
=========     Saved host backtrace up to driver entry point at error
=========
========= ERROR SUMMARY: 2 errors
)";

// compute-sanitizer 2025.3.1 (CUDA 13.0), as printed on an H200: "Access to", not "Address".
TEST(SanitizerReport, MemcheckOutOfBoundsReadInTheCuda13Wording) {
  const SanitizerReport r = parse_sanitizer_output(
      "========= COMPUTE-SANITIZER\n"
      "========= Invalid __global__ read of size 4 bytes\n"
      "=========     at k(const float *, float *, int)+0x70 in oob.cu:2\n"
      "=========     by thread (4,0,0) in block (0,0,0)\n"
      "=========     Access to 0x7f1b64800010 is out of bounds\n"
      "=========     and is 1 bytes after the nearest allocation at 0x7f1b64800000 of size 16 bytes\n"
      "========= \n");
  ASSERT_EQ(r.findings.size(), 1u);
  const SanitizerFinding& f = r.findings[0];
  ASSERT_TRUE(f.address.has_value());
  EXPECT_EQ(*f.address, 0x7f1b64800010u);
  ASSERT_TRUE(f.allocation.has_value());
  EXPECT_EQ(*f.allocation, 0x7f1b64800000u);
  ASSERT_TRUE(f.bytes_after.has_value());
  EXPECT_EQ(*f.bytes_after, 1);
}

TEST(SanitizerReport, MemcheckOutOfBoundsRead) {
  const SanitizerReport r = parse_sanitizer_output(kMemcheckOutOfBounds);
  ASSERT_EQ(r.findings.size(), 2u);
  const SanitizerFinding& f = r.findings[0];
  EXPECT_EQ(f.kind, "Invalid __global__ read of size 4 bytes");
  EXPECT_EQ(f.kernel, "add(const float *, const float *, float *, int)");
  EXPECT_EQ(f.location, "vector_add.cu:9");
  EXPECT_EQ(f.thread, "(0,0,0)");
  EXPECT_EQ(f.block, "(4,0,0)");
  ASSERT_TRUE(f.address);
  EXPECT_EQ(*f.address, 0x7f3a2e000400u);
  ASSERT_TRUE(f.allocation);
  EXPECT_EQ(*f.allocation, 0x7f3a2e000000u);
  ASSERT_TRUE(f.bytes_after);
  EXPECT_EQ(*f.bytes_after, 1);
  EXPECT_FALSE(f.api_error);
  EXPECT_TRUE(r.findings[1].api_error);
  EXPECT_EQ(r.summary_errors, 2);
  EXPECT_EQ(r.errors(), 2);
  EXPECT_EQ(r.program_output, "");
}

TEST(SanitizerReport, OlderLocationStyleAndProgramOutput) {
  const SanitizerReport r = parse_sanitizer_output(
      "hello from solve\n"
      "========= Invalid __global__ write of size 4 bytes\n"
      "=========     at 0x00000160 in memcheck_demo.cu:6:unaligned_kernel(void)\n"
      "=========     by thread (0,0,0) in block (0,0,0)\n"
      "=========     Address 0x400100001 is misaligned\n"
      "=========\n"
      "partial line========= ERROR SUMMARY: 1 error\n");
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].kernel, "unaligned_kernel(void)");
  EXPECT_EQ(r.findings[0].location, "memcheck_demo.cu:6");
  EXPECT_EQ(r.findings[0].address_note, "is misaligned");
  EXPECT_EQ(r.program_output, "hello from solve\npartial line\n");
  EXPECT_EQ(r.errors(), 1);
}

TEST(SanitizerReport, InitcheckUninitialisedRead) {
  const SanitizerReport r = parse_sanitizer_output(
      "========= COMPUTE-SANITIZER\n"
      "========= Uninitialized __global__ memory read of size 4 bytes\n"
      "=========     at accumulate(const float *, float *, int)+0x90 in sum.cu:5\n"
      "=========     by thread (17,0,0) in block (0,0,0)\n"
      "=========     Address 0x7f0000000044\n"
      "=========     Device Frame: accumulate(const float *, float *, int)+0x90 in sum.cu:5\n"
      "=========\n"
      "========= ERROR SUMMARY: 256 errors\n"
      "========= ERROR SUMMARY: 246 errors were not printed. Use --print-limit option to adjust the number of "
      "printed errors\n");
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].location, "sum.cu:5");
  EXPECT_EQ(r.findings[0].thread, "(17,0,0)");
  EXPECT_EQ(r.errors(), 256);
  const std::vector<exec::BufferAddress> buffers = {{"x", "in", 0x7e0000000000ull, 1024, 4},
                                                    {"y", "out", 0x7f0000000000ull, 1024, 4}};
  const std::string text = describe_finding(r.findings[0], buffers);
  EXPECT_EQ(text.rfind("reads output y before writing it (y[17]) at sum.cu:5", 0), 0u) << text;
}

TEST(SanitizerReport, InitcheckHostCopyOfAnUnwrittenOutput) {
  const SanitizerReport r = parse_sanitizer_output(
      "========= Host API uninitialized memory access\n"
      "=========     Uninitialized access at 0x7f0000000100 on access by cudaMemcopy source.\n"
      "=========     Saved host backtrace up to driver entry point at error\n"
      "=========\n");
  ASSERT_EQ(r.findings.size(), 1u);
  ASSERT_TRUE(r.findings[0].address);
  const std::vector<exec::BufferAddress> buffers = {{"y", "out", 0x7f0000000000ull, 1024, 4}};
  EXPECT_EQ(describe_finding(r.findings[0], buffers),
            "output y was not fully written: y[64] (and maybe more) holds nothing defined after solve");
}

TEST(SanitizerReport, RacecheckAnalysis) {
  const SanitizerReport r = parse_sanitizer_output(
      "========= COMPUTE-SANITIZER\n"
      "========= Error: Race reported between Write access at block_sum(const float *, float *, int)+0x2a0 in "
      "reduce.cu:14\n"
      "=========     and Read access at block_sum(const float *, float *, int)+0x2f0 in reduce.cu:16 [1016 hazards]\n"
      "=========\n"
      "========= Warning: Race reported between Write access at block_sum(const float *, float *, int)+0x310 in "
      "reduce.cu:18\n"
      "=========     and Write access at block_sum(const float *, float *, int)+0x310 in reduce.cu:18 [2 hazards]\n"
      "=========\n"
      "========= RACECHECK SUMMARY: 2 hazards displayed (1 error, 1 warning)\n");
  ASSERT_EQ(r.findings.size(), 2u);
  const SanitizerFinding& f = r.findings[0];
  EXPECT_EQ(f.kind, "Race reported between Write access and Read access");
  EXPECT_EQ(f.location, "reduce.cu:14");
  EXPECT_EQ(f.other_location, "reduce.cu:16");
  EXPECT_EQ(f.kernel, "block_sum(const float *, float *, int)");
  EXPECT_EQ(f.hazards, "1016 hazards");
  EXPECT_TRUE(f.error);
  EXPECT_FALSE(r.findings[1].error);
  EXPECT_EQ(r.errors(), 1);
  EXPECT_EQ(describe_finding(f, {}),
            "race reported between Write access and Read access at reduce.cu:14 and reduce.cu:16 in "
            "block_sum(const float *, float *, int) (1016 hazards)");
}

TEST(SanitizerReport, SynccheckDivergentBarrier) {
  const SanitizerReport r = parse_sanitizer_output(
      "========= Barrier error detected. Divergent thread(s) in warp\n"
      "=========     at tile_sum(float *)+0x110 in divergence.cu:30\n"
      "=========     by thread (37,0,0) in block (0,0,0)\n"
      "=========\n"
      "========= ERROR SUMMARY: 1 error\n");
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].kind, "Barrier error detected. Divergent thread(s) in warp");
  EXPECT_EQ(r.findings[0].location, "divergence.cu:30");
  EXPECT_EQ(r.findings[0].thread, "(37,0,0)");
}

TEST(SanitizerReport, CleanRunHasNoFindings) {
  const SanitizerReport r =
      parse_sanitizer_output("========= COMPUTE-SANITIZER\nprinted\n========= ERROR SUMMARY: 0 errors\n");
  EXPECT_TRUE(r.findings.empty());
  EXPECT_EQ(r.errors(), 0);
  EXPECT_EQ(r.program_output, "printed\n");
}

TEST(SanitizerDiagnosis, ErrorsMakeTheTestRteAndKeepTheOtherVerdict) {
  TestResult t;
  t.verdict = Verdict::WA;
  t.summary = "C: 3 of 1024 elements differ";
  t.output = "ignored";
  const std::vector<exec::BufferAddress> buffers = {{"B", "in", 0x7f3a2e000000ull, 1024, 4}};
  apply_sanitizer_report(t, "memcheck", parse_sanitizer_output(kMemcheckOutOfBounds), buffers);
  EXPECT_EQ(t.verdict, Verdict::RTE);
  EXPECT_EQ(t.summary,
            "memcheck: invalid __global__ read of size 4 bytes at vector_add.cu:9 in add(const float *, const float *, "
            "float *, int), thread (0,0,0) block (4,0,0): B[256], past the end of B (256 elements)");
  ASSERT_GE(t.details.size(), 2u);
  EXPECT_NE(t.details[0].find("cudaErrorLaunchFailure"), std::string::npos);
  EXPECT_EQ(t.details[1], "without memcheck: WA: C: 3 of 1024 elements differ");
  EXPECT_EQ(t.output, "");
}

TEST(SanitizerDiagnosis, WarningsAloneKeepTheVerdict) {
  TestResult t;
  apply_sanitizer_report(t, "racecheck",
                         parse_sanitizer_output("========= Warning: Race reported between Write access at k()+0x10 in "
                                                "a.cu:3\n=========     and Write access at k()+0x10 in a.cu:3 [2 "
                                                "hazards]\n=========\n"),
                         {});
  EXPECT_EQ(t.verdict, Verdict::AC);
  ASSERT_EQ(t.details.size(), 1u);
  EXPECT_NE(t.details[0].find("a.cu:3"), std::string::npos);
}

TEST(SanitizerArgv, ToolAndRunnerOptions) {
  const std::vector<std::string> a = sanitizer_argv("/opt/cuda/bin/compute-sanitizer", "initcheck");
  ASSERT_GE(a.size(), 3u);
  EXPECT_EQ(a[0], "/opt/cuda/bin/compute-sanitizer");
  EXPECT_EQ(a[1], "--tool");
  EXPECT_EQ(a[2], "initcheck");
  // Every option takes a value: the runner's argv follows directly.
  EXPECT_EQ(a.size() % 2, 1u);
}

// A wrapper that records the environment it hands the runner: under a wrapper such as
// compute-sanitizer, the runner is told to leave out its namespaces, which the tool cannot follow.
TEST(SanitizerArgv, ARunnerUnderAWrapperLeavesOutItsNamespaces) {
  testing::TempDir dir;
  const auto env_file = dir.path() / "env.txt";
  exec::RunnerLimits limits;
  limits.executable = JUDGE_BINARY;
  limits.setup_ms = 60000;
  limits.wrapper = {"/bin/sh", "-c", "env > '" + env_file.string() + "'; exec \"$@\"", "wrapper"};
  (void)exec::Runner::start(limits);  // with or without a GPU: only the environment matters here
  std::ifstream in(env_file);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("JUDGE_SANDBOX_DISABLE="), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("namespaces"), std::string::npos) << text.str();
}

}  // namespace
}  // namespace judge::judging
