// The compile log a person reads (compile/compile_log.hpp) and the note of an auto fallback,
// without a compiler: logs as NVRTC, g++ and the linker write them.
#include <gtest/gtest.h>

#include "compile/compile_log.hpp"
#include "compile/compiler.hpp"

namespace judge {
namespace {

using compile::LogOptions;

const char* const kToolkit = "/usr/local/cuda-13.0/include";

// One of the 40-odd warnings CCCL's <cuda/std/climits> gives when the judge's <climits> shim came
// first, as NVRTC writes it.
std::string toolkit_warning(int line) {
  return fmt::format(
      "{}/cccl/cuda/std/climits({}): warning #47-D: incompatible redefinition of macro \"SHRT_MIN\" "
      "(declared at line 6 of climits)\n  #  define SHRT_MIN  (-SHRT_MAX - 1)\n            ^\n\n",
      kToolkit, line);
}

LogOptions nvrtc_options() {
  LogOptions o;
  o.judge_files = {"judge_nvrtc_prelude.hpp", "<judge nvrtc predefined>", "climits"};
  o.judge_folders = {kToolkit};
  return o;
}

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

TEST(NvrtcCompileLog, WarningsOfTheToolkitAndTheJudgeAreLeftOutAndErrorsComeFirst) {
  std::string log;
  for (int i = 0; i < 30; ++i) log += toolkit_warning(42 + i);
  log += "Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"\n\n";
  log += "s.cu(3): warning #550-D: variable \"unused\" was set but never used\n    int unused = 1;\n        ^\n\n";
  log += "s.cu(9): error: identifier \"nope\" is undefined\n    p[0] = nope;\n           ^\n\n";
  log += "1 error detected in the compilation of \"s.cu\".\n";
  const std::string tidy = compile::tidy_compile_log(log, nvrtc_options());
  const auto lines = lines_of(tidy);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0], "s.cu(9): error: identifier \"nope\" is undefined") << tidy;
  EXPECT_EQ(tidy.find("incompatible redefinition"), std::string::npos) << tidy;
  EXPECT_EQ(tidy.find("Remark"), std::string::npos) << tidy;
  EXPECT_NE(tidy.find("s.cu(3): warning #550-D"), std::string::npos) << "the user's own warning stays: " << tidy;
  EXPECT_NE(tidy.find("1 error detected"), std::string::npos) << tidy;
  EXPECT_EQ(tidy.find("not shown"), std::string::npos) << tidy;
  // The same warnings in a log without errors: only the user's is left.
  const std::string warnings_only =
      compile::tidy_compile_log(toolkit_warning(42) + toolkit_warning(43), nvrtc_options());
  EXPECT_EQ(warnings_only, "");
}

TEST(NvrtcCompileLog, ACutNeverHidesTheFirstErrorAndSaysWhatItLeftOut) {
  std::string log;
  for (int i = 1; i <= 100; ++i)
    log += fmt::format("w.cu({}): warning #68-D: integer conversion resulted in a change of sign\n  x\n  ^\n\n", i);
  log += "w.cu(101): error: expected a \";\"\n  y\n  ^\n\n";
  log += "w.cu(102): error: identifier \"z\" is undefined\n  z\n  ^\n\n";
  LogOptions o = nvrtc_options();
  o.max_lines = 40;
  const std::string tidy = compile::tidy_compile_log(log, o);
  const auto lines = lines_of(tidy);
  ASSERT_GE(lines.size(), 5u) << tidy;
  EXPECT_EQ(lines[0], "w.cu(101): error: expected a \";\"") << tidy;
  EXPECT_EQ(lines[4], "w.cu(102): error: identifier \"z\" is undefined") << tidy;
  EXPECT_LE(lines.size(), 41u) << tidy;
  EXPECT_NE(tidy.find("more lines not shown: 92 warnings)"), std::string::npos) << tidy;
  // A first error longer than the limit is shown whole all the same.
  std::string long_error = "l.cu(1): error: no instance of overloaded function\n";
  for (int i = 0; i < 60; ++i) long_error += fmt::format("  candidate {}\n", i);
  const std::string kept = compile::tidy_compile_log(long_error + toolkit_warning(42), o);
  EXPECT_NE(kept.find("candidate 59"), std::string::npos) << kept;
}

TEST(NvrtcCompileLog, GccMessagesKeepTheirContextAndLoseIncludesThroughThePrelude) {
  const std::string log =
      "h.cu: In function 'void solve(const float*, float*, int)':\n"
      "h.cu:7:17: error: 'min' was not declared in this scope; did you mean 'std::min'?\n"
      "    7 |   int threads = min(256, N);\n"
      "      |                 ^~~\n"
      "In file included from /usr/include/c++/12/bits/specfun.h:45,\n"
      "                 from /usr/include/c++/12/cmath:1935,\n"
      "                 from /tmp/cache/pch/abc/judge_nvrtc_prelude.hpp:11:\n"
      "/usr/include/c++/12/bits/stl_algobase.h:278:5: note: 'std::min' declared here\n"
      "  278 |     min(const _Tp& __a, const _Tp& __b, _Compare __comp)\n";
  const auto messages = compile::parse_compile_log(log);
  ASSERT_EQ(messages.size(), 1u) << "the note belongs to the error";
  EXPECT_EQ(messages[0].file, "h.cu");
  EXPECT_EQ(messages[0].line, 7);
  EXPECT_FALSE(messages[0].edg);
  const std::string tidy = compile::tidy_compile_log(log, nvrtc_options());
  EXPECT_TRUE(tidy.starts_with("h.cu: In function")) << tidy;
  EXPECT_EQ(tidy.find("judge_nvrtc_prelude.hpp"), std::string::npos) << tidy;
  EXPECT_EQ(tidy.find("In file included from"), std::string::npos) << tidy;
  EXPECT_NE(tidy.find("note: 'std::min' declared here"), std::string::npos) << tidy;
}

TEST(NvrtcCompileLog, TheFallbackNoteNamesTheLineItsCodeAndTheFirstError) {
  const std::string source = "// a comment\n__global__ void k(float* p) {\n  p[0] = std::weird<float>();\n}\n";
  const std::string device = toolkit_warning(42) + "k.cu(3): error: namespace \"std\" has no member \"weird\"\n" +
                             "    p[0] = std::weird<float>();\n                ^\n\n";
  const std::string note =
      compile::nvrtc_failure_note(compile::tidy_compile_log(device, nvrtc_options()), source, "k.cu");
  EXPECT_NE(note.find("k.cu line 3 (`p[0] = std::weird<float>();`)"), std::string::npos) << note;
  EXPECT_NE(note.find("NVRTC (device code) said: namespace \"std\" has no member \"weird\""), std::string::npos)
      << note;
  const std::string host = "k.cu:3:10: error: 'thing' was not declared in this scope\n    3 | thing\n";
  const std::string host_note = compile::nvrtc_failure_note(host, source, "k.cu");
  EXPECT_NE(host_note.find("the host compiler (host code) said: 'thing' was not declared"), std::string::npos)
      << host_note;
  // A log without a recognisable error still quotes its first line.
  const std::string odd = compile::nvrtc_failure_note("something odd happened\nmore\n", source, "k.cu");
  EXPECT_NE(odd.find("\"something odd happened\""), std::string::npos) << odd;
  const std::string link =
      compile::nvrtc_failure_note("/usr/bin/ld: x.o: undefined reference to `f'\n", source, "k.cu");
  EXPECT_NE(link.find("undefined reference to `f'"), std::string::npos) << link;
}

}  // namespace
}  // namespace judge
