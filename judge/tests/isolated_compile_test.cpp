// Compiling in a child process (`judge compile --json`) under a time limit, as `judge run`,
// `judge baseline add` and `judge grade` do: a compile bomb is stopped and is a compile error, a
// good file yields the same cached artifact as an in-process compile (the one the child's reply
// names, not looked up again), and messages name the file as the user named it.
#include "judging/isolated_compile.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "compile/prototype.hpp"
#include "compile/source_hash.hpp"
#include "compile_cache_env.hpp"
#include "judging/submission.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;
using Status = compile::CompileOutcome::Status;

const char* const kSolveHead = "extern \"C\" void solve(const float* A, const float* B, float* C, int N) {\n";

const std::string kGood = std::string(R"(
__global__ void add(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
)") + kSolveHead + "  add<<<(N + 255) / 256, 256>>>(A, B, C, N);\n}\n";

compile::CompileRequest request_for(const fs::path& file) {
  return testing::compile_request("vector-addition", file, file.filename().string(), "nvrtc");
}

judging::IsolatedCompile child_in(const fs::path& dir, const std::string& file, int timeout_ms) {
  return {JUDGE_BINARY, testing::source_root(), "vector-addition", dir, file, timeout_ms};
}

TEST(IsolatedCompile, ACompileBombIsStoppedAtTheTimeLimit) {
  testing::TempDir dir;
  const fs::path file = dir.write("bomb.cu", testing::kCompileBomb);
  compile::CompileRequest r = request_for(file);
  r.use_cache = false;
  const auto start = std::chrono::steady_clock::now();
  const auto out = judging::compile_isolated(r, child_in(dir.path(), "bomb.cu", 1000));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(out.status, Status::compile_error);
  EXPECT_EQ(out.log, "compilation took longer than 1 s and was stopped");
  EXPECT_LT(seconds, 20) << "the child was not stopped";
}

TEST(IsolatedCompile, AGoodFileGivesTheCachedArtifactOfAnInProcessCompile) {
  testing::TempDir dir;
  const fs::path file = dir.write("good.cu", kGood);
  compile::CompileRequest r = request_for(file);
  r.use_cache = false;  // the child compiles; this process only reads what it left in the cache
  const auto out = judging::compile_isolated(r, child_in(dir.path(), "good.cu", 60000));
  ASSERT_EQ(out.status, Status::ok) << out.log;
  EXPECT_EQ(out.engine, "nvrtc");
  EXPECT_FALSE(out.cached);
  EXPECT_GT(out.compile_ms, 0);
  EXPECT_TRUE(fs::exists(out.artifact));
  r.use_cache = true;
  const auto here = compile::compile(r);
  EXPECT_TRUE(here.cached);
  EXPECT_EQ(here.artifact, out.artifact);
}

// A stand-in for `judge compile --json` that prints `reply` (no compiler runs).
fs::path fake_child(const testing::TempDir& dir, const std::string& reply) {
  const fs::path exe = dir.write("fake-judge", "#!/bin/sh\ncat <<'EOF'\n" + reply + "\nEOF\n");
  fs::permissions(exe, fs::perms::owner_exec, fs::perm_options::add);
  return exe;
}

std::string compiled_reply(const std::string& artifact) {
  return nlohmann::json{{"status", "compiled"}, {"engine", "nvrtc"},   {"cached", true},      {"compile_ms", 12.5},
                        {"log", "a warning"},   {"note", "why nvrtc"}, {"artifact", artifact}}
      .dump();
}

TEST(IsolatedCompile, TheArtifactIsTheOneTheChildReportedWithoutCompilingHere) {
  testing::TempDir dir;
  const fs::path made = dir.write("made.so", "the child's build");
  compile::CompileRequest r;  // names no file: compiling in this process would fail
  r.source = dir.path() / "missing.cu";
  r.arch = "sm_90";
  const judging::IsolatedCompile how{fake_child(dir, compiled_reply(made.string())), dir.path(), "vector-addition",
                                     dir.path(), "missing.cu"};
  const auto out = judging::compile_isolated(r, how);
  ASSERT_EQ(out.status, Status::ok) << out.log;
  EXPECT_EQ(out.artifact, made);
  EXPECT_EQ(out.engine, "nvrtc");
  EXPECT_EQ(out.note, "why nvrtc");
  EXPECT_TRUE(out.cached);
  EXPECT_DOUBLE_EQ(out.compile_ms, 12.5);
  EXPECT_EQ(out.log, "");  // as before: the judged result never carried a successful compile's log
  EXPECT_EQ(judging::compile_in_child(r, how).log, "a warning");
}

TEST(IsolatedCompile, AReportedArtifactThatIsNotThereIsAJudgeError) {
  testing::TempDir dir;
  compile::CompileRequest r;
  r.source = dir.path() / "missing.cu";
  const std::string gone = (dir.path() / "gone.so").string();
  const auto out = judging::compile_isolated(
      r, {fake_child(dir, compiled_reply(gone)), dir.path(), "vector-addition", dir.path(), "missing.cu"});
  EXPECT_EQ(out.status, Status::tool_error);
  EXPECT_NE(out.log.find("reported no artifact"), std::string::npos) << out.log;
  EXPECT_NE(out.log.find(gone), std::string::npos) << out.log;
}

TEST(IsolatedCompile, ErrorsNameTheFileAsTheUserDid) {
  testing::TempDir dir;
  const fs::path file = dir.write("sub/broken.cu", kGood + "int oops = ;\n");
  const auto out = judging::compile_isolated(request_for(file), child_in(dir.path(), "sub/broken.cu", 60000));
  EXPECT_EQ(out.status, Status::compile_error);
  EXPECT_NE(out.log.find("sub/broken.cu:9:"), std::string::npos) << out.log;  // a host-side error
}

TEST(IsolatedCompile, RunOptionsWithoutATimeLimitCompileInThisProcess) {
  testing::TempDir dir;
  const fs::path file = dir.write("good.cu", kGood);
  judging::RunOptions opt;  // compile_timeout_ms 0, no data root: a child could not even start
  opt.runner_executable = "/nonexistent/judge";
  const auto out = judging::compile_submission(request_for(file), opt, "vector-addition", "", file.string());
  EXPECT_EQ(out.status, Status::ok) << out.log;
  opt.compile_timeout_ms = 60000;  // now through the (missing) child: a judge error, not a crash
  const auto child = judging::compile_submission(request_for(file), opt, "vector-addition", "", file.string());
  EXPECT_EQ(child.status, Status::tool_error);
  EXPECT_NE(child.log.find("cannot start the compiler process"), std::string::npos) << child.log;
}

}  // namespace
}  // namespace judge
