// The nvrtc engine without a GPU: every shipped solution splits and compiles for sm_90; errors
// point at the user's file and line; auto falls back to nvcc with a note; both engines cache by
// content and a cached re-run compiles nothing.
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "compile/cache.hpp"
#include "compile/compiler.hpp"
#include "compile/prototype.hpp"
#include "compile/splitter.hpp"
#include "compile_cache_env.hpp"
#include "test_support.hpp"
#include "util/read_file.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

compile::CompileOutcome compile_with(const std::string& engine, const std::string& slug, const fs::path& file,
                                     bool use_cache = true) {
  compile::CompileRequest r = testing::compile_request(slug, file, file.filename().string(), engine);
  r.use_cache = use_cache;
  return compile::compile(r);
}

using testing::ShippedFile;

std::vector<ShippedFile> compilable_shipped_files() {
  std::vector<ShippedFile> out;
  for (const ShippedFile& s : testing::shipped_files())
    if (s.verdict != "CE") out.push_back(s);
  return out;
}

class ShippedWithNvrtc : public ::testing::TestWithParam<ShippedFile> {};

TEST_P(ShippedWithNvrtc, SplitsAndCompilesForSm90) {
  const fs::path file = testing::catalog().solutions_dir(GetParam().slug) / GetParam().file;
  const auto out = compile_with("nvrtc", GetParam().slug, file);
  EXPECT_EQ(out.status, compile::CompileOutcome::Status::ok) << out.log;
  EXPECT_EQ(out.engine, "nvrtc");
  EXPECT_TRUE(fs::exists(out.artifact));
}

INSTANTIATE_TEST_SUITE_P(All, ShippedWithNvrtc, ::testing::ValuesIn(compilable_shipped_files()),
                         [](const ::testing::TestParamInfo<ShippedFile>& info) {
                           return testing::shipped_test_name(info.param);
                         });

const char* const kSolve = "extern \"C\" void solve(const float* A, const float* B, float* C, int N) {\n";

TEST(NvrtcEngine, DeviceAndHostErrorsShowTheUsersFileAndLine) {
  testing::TempDir dir;
  const fs::path dev = dir.write(
      "dev.cu", std::string("__global__ void k(float* p) {\n  p[0] = nope;\n}\n") + kSolve + "  k<<<1, 1>>>(C);\n}\n");
  const auto d = compile_with("nvrtc", "vector-addition", dev);
  EXPECT_EQ(d.status, compile::CompileOutcome::Status::compile_error);
  EXPECT_NE(d.log.find("dev.cu(2)"), std::string::npos) << d.log;
  const fs::path host = dir.write("host.cu", std::string("__global__ void k(float* p) { p[0] = 1; }\n") + kSolve +
                                                 "  k<<<1, 1>>>(C);\n  missing_host_name = 3;\n}\n");
  const auto h = compile_with("nvrtc", "vector-addition", host);
  EXPECT_EQ(h.status, compile::CompileOutcome::Status::compile_error);
  EXPECT_NE(h.log.find("host.cu:4"), std::string::npos) << h.log;
  EXPECT_EQ(h.log.find(dir.path().string()), std::string::npos) << h.log;
}

TEST(NvrtcEngine, ForcedOnAnUnsupportedFileIsAClearError) {
  testing::TempDir dir;
  const fs::path file = dir.write(
      "t.cu", std::string("#include <thrust/fill.h>\n") + kSolve + "  (void)A; (void)B; (void)C; (void)N;\n}\n");
  const auto out = compile_with("nvrtc", "vector-addition", file);
  EXPECT_EQ(out.status, compile::CompileOutcome::Status::tool_error);
  EXPECT_NE(out.log.find("t.cu:1"), std::string::npos) << out.log;
  EXPECT_NE(out.log.find("--compiler auto or nvcc"), std::string::npos) << out.log;
}

TEST(NvrtcEngine, AutoFallsBackToNvccWithANote) {
  testing::TempDir dir;
  const fs::path file = dir.write("dp.cu", std::string("__global__ void child() {}\n"
                                                       "__global__ void parent() { child<<<1, 1>>>(); }\n") +
                                               kSolve + "  (void)A; (void)B; (void)C; (void)N;\n}\n");
  const auto split = compile::split_source(*util::read_text_file(file));
  ASSERT_FALSE(split.unsupported.empty());
  // nvcc itself needs -rdc for dynamic parallelism: the point is which engine ran and the note.
  const auto out = compile_with("auto", "vector-addition", file);
  EXPECT_EQ(out.engine, "nvcc");
  EXPECT_NE(out.note.find("(dynamic parallelism) (line 2)"), std::string::npos) << out.note;
}

// The tables are assembly: the shared object must carry the CUBIN (an ELF image inside the ELF)
// and NVRTC's lowered name of every kernel and variable, a template instance included.
TEST(NvrtcEngine, ArtifactEmbedsTheCubinAndTheLoweredNames) {
  testing::TempDir dir;
  const fs::path file = dir.write("t.cu", std::string("__device__ int hits;\n"
                                                      "template <int B> __global__ void k(float* p) { p[B] = 1; }\n") +
                                              kSolve +
                                              "  k<4><<<1, 1>>>(C);\n  int h = 0;\n"
                                              "  cudaMemcpyFromSymbol(&h, hits, sizeof h);\n}\n");
  const auto out = compile_with("nvrtc", "vector-addition", file, /*use_cache=*/false);
  ASSERT_EQ(out.status, compile::CompileOutcome::Status::ok) << out.log;
  const std::string so = *util::read_text_file(out.artifact);
  EXPECT_NE(so.find("\x7f"
                    "ELF",
                    1),
            std::string::npos)
      << "no CUBIN embedded";
  EXPECT_NE(so.find(std::string("_Z1kILi4EEvPf") + '\0'), std::string::npos) << "lowered kernel name missing";
  EXPECT_NE(so.find(std::string("hits") + '\0'), std::string::npos) << "variable name missing";
}

// The host part sees what nvcc's host side sees without includes: <cmath> (with std::min) and
// <cstdlib>.
TEST(NvrtcEngine, HostCodeGetsNvccsImplicitHeaders) {
  testing::TempDir dir;
  const fs::path file =
      dir.write("h.cu", std::string("__global__ void k(float* p, int n) { if (n) p[0] = 1; }\n") + kSolve +
                            "  int blocks = std::min(1024, (int)ceil(N / 256.0)) + abs(-1) - 1;\n"
                            "  k<<<blocks, 256>>>(C, N);\n}\n");
  const auto out = compile_with("nvrtc", "vector-addition", file, /*use_cache=*/false);
  EXPECT_EQ(out.status, compile::CompileOutcome::Status::ok) << out.log;
  const auto nvcc = compile_with("nvcc", "vector-addition", file, /*use_cache=*/false);
  EXPECT_EQ(nvcc.status, compile::CompileOutcome::Status::ok) << nvcc.log;
}

// The causes of past fallbacks in real solutions (issue 30), each in a few lines: NVRTC takes them.
void expect_nvrtc_compiles(const std::string& name, const std::string& text) {
  testing::TempDir dir;
  const auto out = compile_with("nvrtc", "vector-addition", dir.write(name, text), /*use_cache=*/false);
  EXPECT_EQ(out.status, compile::CompileOutcome::Status::ok) << name << ":\n" << out.log;
  EXPECT_EQ(out.log.find("incompatible redefinition"), std::string::npos) << out.log;
}

TEST(NvrtcEngine, ClimitsWithCubsUmbrellaHeaderCompiles) {
  expect_nvrtc_compiles("cub.cu", std::string("#include <climits>\n#include <cub/cub.cuh>\n"
                                              "__global__ void k(float* p) {\n"
                                              "  using R = cub::WarpReduce<float>;\n"
                                              "  __shared__ R::TempStorage t;\n"
                                              "  float s = R(t).Sum(p[threadIdx.x]);\n"
                                              "  if (threadIdx.x == 0 && INT_MAX > SHRT_MAX) p[0] = s;\n}\n") +
                                      kSolve + "  k<<<1, 32>>>(C);\n}\n");
}

TEST(NvrtcEngine, SignedFixedWidthTypesNeedNoInclude) {
  expect_nvrtc_compiles("i8.cu",
                        std::string("__global__ void k(float* p) {\n"
                                    "  int8_t a = -1; int16_t b = 2; int32_t c = 3; int64_t d = 4; uint e = 5;\n"
                                    "  p[0] = a + b + c + d + e;\n}\n") +
                            kSolve + "  int32_t blocks = 1;\n  k<<<blocks, 1>>>(C);\n}\n");
}

TEST(NvrtcEngine, MinAndMaxInHostCodeNeedNoInclude) {
  expect_nvrtc_compiles("mm.cu", std::string("__global__ void k(float* p) { p[0] = max(p[0], 0.0f); }\n") + kSolve +
                                     "  const unsigned blocks = min(max(1, N / 256), 1024u);\n"
                                     "  const double spare = max(0.5f, 0.25) + min(1.0f, 2.0f) + max(1ll, 2ll);\n"
                                     "  k<<<blocks, static_cast<int>(spare) - 2>>>(C);\n}\n");
}

TEST(NvrtcEngine, FileScopeUsingDirectiveOfWmmaCompiles) {
  expect_nvrtc_compiles("w.cu", std::string("#include <mma.h>\nusing namespace nvcuda::wmma;\n"
                                            "__global__ void k(float* p) {\n"
                                            "  fragment<accumulator, 16, 16, 16, float> acc;\n"
                                            "  fill_fragment(acc, 1.0f);\n"
                                            "  store_matrix_sync(p, acc, 16, mem_row_major);\n}\n") +
                                    kSolve + "  k<<<1, 32>>>(C);\n}\n");
}

// A compile error after many warnings (and CUDA headers that warn about the judge's shims): the
// error leads the log, in the engine's outcome and in `judge compile`'s text and JSON alike.
TEST(NvrtcEngine, ARealErrorAfterManyWarningsLeadsTheCompileErrorReport) {
  testing::TempDir dir;
  std::string text = "#include <climits>\n#include <cub/cub.cuh>\n__global__ void k(float* p) {\n";
  for (int i = 0; i < 60; ++i) text += fmt::format("  unsigned char u{} = 300 + {}; p[{}] = u{};\n", i, i, i, i);
  text += "  p[0] = undefined_name;\n}\n";  // line 64
  text += std::string(kSolve) + "  k<<<1, 1>>>(C);\n}\n";
  const fs::path file = dir.write("late.cu", text);
  const auto out = compile_with("nvrtc", "vector-addition", file, /*use_cache=*/false);
  ASSERT_EQ(out.status, compile::CompileOutcome::Status::compile_error) << out.log;
  EXPECT_TRUE(out.log.starts_with("late.cu(64): error: identifier \"undefined_name\" is undefined")) << out.log;
  EXPECT_NE(out.log.find("late.cu(4): warning"), std::string::npos) << "the user's warnings stay: " << out.log;
  EXPECT_EQ(out.log.find("incompatible redefinition"), std::string::npos) << out.log;
  EXPECT_NE(out.log.find("more lines not shown"), std::string::npos) << out.log;

  const auto cli = testing::run_judge(
      {"compile", "vector-addition", file.string(), "--arch", "sm_90", "--compiler", "nvrtc", "--no-cache"});
  std::istringstream lines(cli.out.text);
  std::string first, second;
  std::getline(lines, first);
  std::getline(lines, second);
  EXPECT_NE(first.find("compile error"), std::string::npos) << cli.out.text;
  EXPECT_NE(second.find("late.cu(64): error"), std::string::npos) << cli.out.text;
  const auto json = testing::run_judge(
      {"compile", "vector-addition", file.string(), "--arch", "sm_90", "--compiler", "nvrtc", "--json"});
  const auto doc = nlohmann::json::parse(json.out.text, nullptr, false);
  ASSERT_FALSE(doc.is_discarded()) << json.out.text;
  const std::string log = doc.value("log", "");
  EXPECT_NE(log.substr(0, log.find('\n')).find("late.cu(64): error"), std::string::npos) << json.out.text;
}

TEST(NvrtcEngine, BothEnginesCacheSeparatelyAndCachedRunsCompileNothing) {
  testing::TempDir dir;
  const fs::path file = dir.write("c.cu", std::string("__global__ void k(float* p, int n) { if (n) p[0] = 1; }\n") +
                                              kSolve + "  k<<<1, 1>>>(C, N);\n}\n");
  const auto nvrtc = compile_with("nvrtc", "vector-addition", file);
  ASSERT_EQ(nvrtc.status, compile::CompileOutcome::Status::ok) << nvrtc.log;
  const auto nvcc = compile_with("nvcc", "vector-addition", file);
  ASSERT_EQ(nvcc.status, compile::CompileOutcome::Status::ok) << nvcc.log;
  EXPECT_NE(nvrtc.artifact, nvcc.artifact);
  const auto again = compile_with("auto", "vector-addition", file);
  EXPECT_TRUE(again.cached);
  EXPECT_EQ(again.engine, "nvrtc");
  EXPECT_EQ(again.artifact, nvrtc.artifact);
  EXPECT_LT(again.compile_ms, 50.0);
  const compile::CacheInfo info = compile::cache_info();
  EXPECT_GE(info.engines.at("nvrtc").entries, 1u);
  EXPECT_GE(info.engines.at("nvcc").entries, 1u);
  const auto rebuilt = compile_with("nvrtc", "vector-addition", file, /*use_cache=*/false);
  EXPECT_FALSE(rebuilt.cached);
}

}  // namespace
}  // namespace judge
