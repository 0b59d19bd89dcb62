// End-to-end tests of the real binary that need no GPU: output and exit codes.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cuda_runtime_api.h>
#include <fmt/format.h>

#include "test_support.hpp"
#include "util/subprocess.hpp"
#include "version.hpp"

namespace judge {
namespace {

util::CapturedRun judge_cli(std::vector<std::string> args, const std::string& cwd = "") {
  testing::JudgeCall call;
  call.cwd = cwd;
  return testing::run_judge(args, call);
}

TEST(Cli, HelpListsEveryCommand) {
  const auto r = judge_cli({"--help"});
  EXPECT_EQ(r.status.code, 0);
  for (const char* cmd : {"list", "show", "init", "compile", "run", "baseline", "doctor"})
    EXPECT_NE(r.out.text.find(cmd), std::string::npos) << cmd;
  EXPECT_EQ(r.out.text.find("__runner"), std::string::npos) << "the runner mode is hidden";
}

TEST(Cli, VersionSaysTheCommitAndTheCuda) {
  const auto r = judge_cli({"--version"});
  EXPECT_EQ(r.status.code, 0);
  // help2man takes the first line as the version.
  EXPECT_EQ(r.out.text.rfind(std::string("judge ") + kJudgeVersion + "\n", 0), 0u) << r.out.text;
  EXPECT_NE(r.out.text.find("\ncommit "), std::string::npos) << r.out.text;
  EXPECT_EQ(r.out.text.find("\ncommit \n"), std::string::npos) << "the commit is never empty";
  EXPECT_NE(
      r.out.text.find(fmt::format("\nCUDA {}.{} (built with)", CUDART_VERSION / 1000, CUDART_VERSION % 1000 / 10)),
      std::string::npos)
      << r.out.text;
}

TEST(Cli, ListAsTextAndJson) {
  const auto text = judge_cli({"list"});
  EXPECT_EQ(text.status.code, 0);
  EXPECT_NE(text.out.text.find("vector-addition"), std::string::npos);
  const auto json = judge_cli({"list", "--json"});
  const auto j = nlohmann::json::parse(json.out.text);
  EXPECT_EQ(j["format"], "judge-list/1");
  ASSERT_GE(j["challenges"].size(), 5u);
  EXPECT_EQ(j["challenges"][0]["slug"], "vector-addition");
  EXPECT_EQ(j["challenges"][0]["number"], 1);
}

TEST(Cli, ShowPrintsStatementAndSignature) {
  const auto r = judge_cli({"show", "color-inversion"});
  EXPECT_EQ(r.status.code, 0);
  EXPECT_NE(r.out.text.find("extern \"C\" void solve(unsigned char* image, int width, int height)"), std::string::npos)
      << r.out.text;
}

TEST(Cli, UnknownChallengeSuggestsAndExits2) {
  const auto r = judge_cli({"run", "softmx", "x.cu"});
  EXPECT_EQ(r.status.code, 2);
  EXPECT_NE(r.err.text.find("did you mean 'softmax'?"), std::string::npos) << r.err.text;
}

TEST(Cli, RunWithoutGpuExits3AndSaysWhy) {
  const auto r =
      judge_cli({"run", "vector-addition", std::string(JUDGE_TEST_ROOT) + "/solutions/vector-addition/naive.cu"});
  EXPECT_EQ(r.status.code, 3);
  EXPECT_NE(r.out.text.find("no CUDA device"), std::string::npos) << r.out.text << r.err.text;
  const auto j = judge_cli(
      {"run", "--json", "vector-addition", std::string(JUDGE_TEST_ROOT) + "/solutions/vector-addition/naive.cu"});
  EXPECT_EQ(j.status.code, 3);
  const auto doc = nlohmann::json::parse(j.out.text);
  EXPECT_EQ(doc["format"], "judge-run/1");
  EXPECT_EQ(doc["verdict"], "JE");
}

TEST(Cli, SignatureMismatchIsACompileErrorEvenWithoutGpu) {
  testing::TempDir dir;
  const auto file = dir.write("s.cu", "extern \"C\" void solve(const float* A, float* C, int N) {}\n");
  const auto r = judge_cli({"run", "vector-addition", file.string()});
  EXPECT_EQ(r.status.code, 1);
  EXPECT_NE(r.out.text.find("CE (compile error)"), std::string::npos) << r.out.text;
  EXPECT_NE(r.out.text.find("signature mismatch"), std::string::npos) << r.out.text;
}

TEST(Cli, CompileWithArchNeedsNoGpu) {
  testing::TempDir dir;
  const auto good =
      dir.write("good.cu", "extern \"C\" void solve(const float* A, const float* B, float* C, size_t N) {}\n");
  const auto ok = judge_cli({"compile", "vector-addition", good.string(), "--arch", "sm_90"});
  EXPECT_EQ(ok.status.code, 0) << ok.out.text << ok.err.text;
  EXPECT_NE(ok.out.text.find("compiled with nvrtc for sm_90"), std::string::npos) << ok.out.text;
  const auto bad =
      dir.write("bad.cu", "extern \"C\" void solve(const float* A, const float* B, float* C, int N) {\n  y = 2;\n}\n");
  const auto ce = judge_cli({"compile", "--json", "vector-addition", bad.string(), "--arch", "sm_90"});
  EXPECT_EQ(ce.status.code, 1);
  const auto j = nlohmann::json::parse(ce.out.text);
  EXPECT_EQ(j["format"], "judge-compile/1");
  EXPECT_EQ(j["status"], "compile error");
  EXPECT_NE(j["log"].get<std::string>().find(bad.string() + "(2)"), std::string::npos) << j.dump();
  const auto no_gpu = judge_cli({"compile", "vector-addition", good.string()});
  EXPECT_EQ(no_gpu.status.code, 3);
  EXPECT_NE(no_gpu.out.text.find("pass --arch"), std::string::npos) << no_gpu.out.text;
}

TEST(Cli, InitWritesTheStarterAndRefusesToOverwrite) {
  testing::TempDir dir;
  const auto first = judge_cli({"init", "reduction", "-o", "mine.cu"}, dir.path().string());
  EXPECT_EQ(first.status.code, 0) << first.err.text;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "mine.cu"));
  const auto again = judge_cli({"init", "reduction", "-o", "mine.cu"}, dir.path().string());
  EXPECT_EQ(again.status.code, 2);
  EXPECT_NE(again.err.text.find("--force"), std::string::npos);
}

TEST(Cli, UsageErrorsExit2) {
  EXPECT_EQ(judge_cli({"run", "vector-addition"}).status.code, 2);
  EXPECT_EQ(judge_cli({"frobnicate"}).status.code, 2);
  EXPECT_EQ(judge_cli({"run", "vector-addition", "x.cu", "--tests", "smoke"}).status.code, 2);
}

TEST(Cli, DoctorReportsTheMissingGpu) {
  const auto r = judge_cli({"doctor", "--json"});
  EXPECT_EQ(r.status.code, 3);
  const auto j = nlohmann::json::parse(r.out.text);
  EXPECT_TRUE(j["device"].is_null());
  EXPECT_FALSE(j["nvcc"].get<std::string>().empty());
}

TEST(Cli, DoctorListsEveryProtectionOfTheSandbox) {
  const auto r = judge_cli({"doctor", "--json"});
  const auto j = nlohmann::json::parse(r.out.text);
  ASSERT_TRUE(j["sandbox"].is_array()) << r.out.text;
  EXPECT_GE(j["sandbox"].size(), 10u);
  for (const auto& p : j["sandbox"]) {
    EXPECT_TRUE(p["applied"].is_boolean()) << p.dump();
    EXPECT_FALSE(p["how"].get<std::string>().empty()) << p.dump();
  }
  const auto off = judge_cli({"doctor"}, "");
  EXPECT_NE(off.out.text.find("filesystem"), std::string::npos);
  EXPECT_NE(judge_cli({"run", "--help"}).out.text.find("--require-sandbox"), std::string::npos);
  EXPECT_NE(judge_cli({"grade", "--help"}).out.text.find("--require-sandbox"), std::string::npos);
  EXPECT_NE(judge_cli({"baseline", "add", "--help"}).out.text.find("--require-sandbox"), std::string::npos);
}

}  // namespace
}  // namespace judge
