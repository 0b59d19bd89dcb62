// The nvcc engine works without a GPU when the architecture is given: every shipped solution
// must bind and compile for sm_90, and compile errors must point at the user's file and line.
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "compile/compiler.hpp"
#include "compile/prototype.hpp"
#include "compile/source_hash.hpp"
#include "compile_cache_env.hpp"
#include "test_support.hpp"
#include "util/read_file.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

compile::CompileOutcome compile_for(const std::string& slug, const fs::path& file, bool use_cache = true) {
  compile::CompileRequest r = testing::compile_request(slug, file, file.filename().string(), "nvcc");
  r.use_cache = use_cache;
  return compile::compile(r);
}

using testing::ShippedFile;

class ShippedSolution : public ::testing::TestWithParam<ShippedFile> {};

TEST_P(ShippedSolution, BindsAndCompilesForSm90) {
  const ShippedFile& s = GetParam();
  const fs::path file = testing::catalog().solutions_dir(s.slug) / s.file;
  ASSERT_TRUE(fs::exists(file)) << file;
  if (s.verdict == "CE") GTEST_SKIP() << "expected to fail compilation";
  const auto out = compile_for(s.slug, file);
  EXPECT_EQ(out.status, compile::CompileOutcome::Status::ok) << out.log;
  EXPECT_TRUE(fs::exists(out.artifact));
}

// Judging compiles with NVRTC, which ShippedWithNvrtc runs on every shipped file; nvcc is the
// fallback. The compile ring (CI) sends each challenge's fastest rung through nvcc (All/); the other
// files are the nvcc-all ring (Rest/: scripts/test.sh --all, and scripts/gpu-check.sh judges every
// file under both engines), which would otherwise be two thirds of CI's time (docs/testing.md);
// `judge validate` requires every challenge's best.cu.
std::vector<ShippedFile> nvcc_files(bool fastest_rungs) {
  std::vector<ShippedFile> out;
  for (const ShippedFile& s : testing::shipped_files())
    if ((s.file == "best.cu") == fastest_rungs) out.push_back(s);
  return out;
}

const auto kShippedName = [](const ::testing::TestParamInfo<ShippedFile>& info) {
  return testing::shipped_test_name(info.param);
};
INSTANTIATE_TEST_SUITE_P(All, ShippedSolution, ::testing::ValuesIn(nvcc_files(true)), kShippedName);
INSTANTIATE_TEST_SUITE_P(Rest, ShippedSolution, ::testing::ValuesIn(nvcc_files(false)), kShippedName);

TEST(NvccEngine, CompileErrorsShowTheUsersFileAndLine) {
  testing::TempDir dir;
  const fs::path file = dir.write("broken.cu",
                                  "#include <cuda_runtime.h>\n"
                                  "extern \"C\" void solve(const float* A, const float* B, float* C, int N) {\n"
                                  "  int x = undefined_name;\n"
                                  "}\n");
  const auto out = compile_for("vector-addition", file);
  EXPECT_EQ(out.status, compile::CompileOutcome::Status::compile_error);
  EXPECT_NE(out.log.find("broken.cu(3)"), std::string::npos) << out.log;
  EXPECT_NE(out.log.find("undefined_name"), std::string::npos) << out.log;
  EXPECT_EQ(out.log.find(dir.path().string()), std::string::npos) << "absolute paths are replaced: " << out.log;
}

// Regression: a display name equal to the absolute path made the log rewrite loop forever.
TEST(NvccEngine, AbsolutePathsAsDisplayNamesWork) {
  testing::TempDir dir;
  const fs::path file = dir.write("abs.cu",
                                  "extern \"C\" void solve(const float* A, const float* B, float* C, int N) {\n"
                                  "  missing_name = 1;\n}\n");
  auto c = testing::catalog().challenge("vector-addition");
  auto proto = compile::parse_solve_prototype(*util::read_text_file(file), file.string());
  ASSERT_TRUE(proto);
  auto binding = compile::bind_prototype(*proto, *c, file.string());
  ASSERT_TRUE(binding);
  const auto out = compile::compile({file, file.string(), {}, "sm_90", "nvcc", *binding});
  EXPECT_EQ(out.status, compile::CompileOutcome::Status::compile_error);
  EXPECT_NE(out.log.find(file.string() + "(2)"), std::string::npos) << out.log;
}

TEST(NvccEngine, CachedRebuildIsSkippedAndAnEditRebuilds) {
  testing::TempDir dir;
  const std::string body =
      "extern \"C\" void solve(const float* A, const float* B, float* C, int N) { (void)A; (void)B; (void)C; (void)N; "
      "}\n";
  const fs::path file = dir.write("s.cu", body);
  const auto first = compile_for("vector-addition", file);
  ASSERT_EQ(first.status, compile::CompileOutcome::Status::ok) << first.log;
  const auto second = compile_for("vector-addition", file);
  EXPECT_TRUE(second.cached);
  EXPECT_EQ(second.artifact, first.artifact);
  dir.write("s.cu", "// edited\n" + body);
  const auto third = compile_for("vector-addition", file);
  EXPECT_FALSE(third.cached);
  EXPECT_NE(third.artifact, first.artifact);
}

TEST(SourceHash, LocalHeadersAreFollowed) {
  testing::TempDir dir;
  dir.write("inc/b.h", "int b;\n");
  dir.write("a.h", "#include \"inc/b.h\"\n");
  const fs::path src = dir.write("s.cu", "#include \"a.h\"\n#include <cstdio>\n");
  const auto headers = compile::local_headers(src, {});
  ASSERT_EQ(headers.size(), 2u);
  EXPECT_EQ(headers[0].filename(), "a.h");
  EXPECT_EQ(headers[1].filename(), "b.h");
}

}  // namespace
}  // namespace judge
