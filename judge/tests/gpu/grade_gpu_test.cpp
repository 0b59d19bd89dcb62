// Ring 2: `judge grade` on a GPU, through the real binary. A small batch with one submission per
// outcome must get exactly the expected verdicts. Without a device the test skips and says why.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "../test_support.hpp"
#include "exec/runner.hpp"
#include "gpu_support.hpp"
#include "util/subprocess.hpp"

namespace judge {
namespace {

using testing::no_device_reason;

constexpr const char* kSignature = "extern \"C\" void solve(const float* A, const float* B, float* C, int N)";

std::string vector_add(const std::string& condition, const std::string& host_extra = "") {
  return "#include <cstdlib>\n__global__ void add(const float* a, const float* b, float* c, int n) {\n"
         "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (" +
         condition + ") c[i] = a[i] + b[i];\n}\n" + kSignature + " {\n" + host_extra +
         "  add<<<(N + 255) / 256, 256>>>(A, B, C, N);\n}\n";
}

TEST(GradeGpu, SmallBatchGetsEveryExpectedVerdict) {
  if (const std::string why = no_device_reason(); !why.empty()) GTEST_SKIP() << "no GPU: " << why;
  testing::TempDir dir;
  const std::map<std::string, std::string> expected = {
      {"amy/vector-addition/ok.cu", "AC"},     {"bo/vector-addition/off-by-one.cu", "WA"}, {"cy/hang.cu", "TLE"},
      {"dee/vector-addition/abort.cu", "RTE"}, {"eve/vector-addition/syntax.cu", "CE"},
  };
  dir.write("batch/amy/vector-addition/ok.cu", vector_add("i < n"));
  dir.write("batch/bo/vector-addition/off-by-one.cu", vector_add("i < n - 1"));
  dir.write("batch/cy/hang.cu", std::string("// judge: vector-addition\n__global__ void spin() {\n"
                                            "  while (clock64() >= 0) {\n  }\n}\n") +
                                    kSignature + " {\n  spin<<<1, 1>>>();\n}\n");
  dir.write("batch/dee/vector-addition/abort.cu", vector_add("i < n", "  abort();\n"));
  dir.write("batch/eve/vector-addition/syntax.cu", vector_add("i < n") + "int broken = ;\n");
  const auto report = dir.path() / "report.json";
  util::SpawnOptions o;
  o.argv = {JUDGE_BINARY,         "--root", JUDGE_TEST_ROOT, "grade", (dir.path() / "batch").string(), "--tests",
            "example,functional", "--json", report.string()};
  auto run = util::run_captured(o, 600000);
  ASSERT_TRUE(run);
  EXPECT_EQ(run->status.code, 1) << run->out.text << run->err.text;
  std::ifstream in(report);
  const auto doc = nlohmann::json::parse(in);
  ASSERT_GE(doc["gpus"].size(), 1u);
  ASSERT_EQ(doc["submissions"].size(), expected.size()) << run->out.text;
  for (const auto& s : doc["submissions"]) {
    const std::string id = s["id"];
    EXPECT_EQ(s["verdict"], expected.at(id)) << id << ": " << s["summary"];
    if (s["verdict"] != "CE") {
      EXPECT_TRUE(s["gpu"].is_number()) << id << " was judged on a GPU";
    }
  }
}

}  // namespace
}  // namespace judge
