// Ring 2: the hostile cases about the CUDA context (a submission's fault is never JE) and the
// judge's survival, judged in process with their manifest's verdict and message. The whole
// corpus, with leftover processes and files, is scripts/check-hostile.py's job.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "../test_support.hpp"
#include "gpu_support.hpp"
#include "judging/submission.hpp"

namespace judge {
namespace {

using testing::no_device_reason;

const std::filesystem::path kHostile = std::filesystem::path(JUDGE_TEST_ROOT) / "judge/tests/hostile";

nlohmann::json manifest_case(const std::string& file) {
  std::ifstream in(kHostile / "manifest.json");
  const auto m = nlohmann::json::parse(in);
  for (const auto& c : m["cases"]) {
    if (c["file"] == file) return c;
  }
  return nullptr;
}

class HostileGpu : public ::testing::TestWithParam<std::string> {};

TEST_P(HostileGpu, GetsItsVerdictAndTheJudgeGoesOn) {
  if (!no_device_reason().empty()) GTEST_SKIP() << "no GPU: " << no_device_reason();
  const nlohmann::json k = manifest_case(GetParam());
  ASSERT_FALSE(k.is_null()) << GetParam() << " is not in the manifest";
  auto c = testing::catalog().challenge("vector-addition");
  ASSERT_TRUE(c);
  auto suite = testing::catalog().testcases(*c);
  ASSERT_TRUE(suite);
  judging::RunOptions opt;
  opt.kinds = {spec::CaseKind::example, spec::CaseKind::functional};
  opt.runner_executable = JUDGE_BINARY;
  const auto r = judging::judge_submission(*c, *suite, kHostile / GetParam(), GetParam(), opt);
  std::string all = r.summary;
  for (const auto& t : r.tests) all += "\n" + t.summary;
  EXPECT_EQ(judging::verdict_code(r.verdict), k["verdict"].get<std::string>()) << all;
  if (k.contains("message")) {
    EXPECT_NE(all.find(k["message"].get<std::string>()), std::string::npos) << all;
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, HostileGpu,
                         ::testing::Values("kill-parent.cu", "kill-self.cu", "kill-process-group.cu",
                                           "close-channel.cu", "device-reset.cu", "device-reset-then-work.cu",
                                           "free-judge-buffer.cu", "set-device-limit.cu", "static-constructor.cu",
                                           "write-tmp.cu"),
                         [](const auto& info) {
                           std::string n = info.param.substr(0, info.param.size() - 3);
                           for (char& ch : n) ch = std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
                           return n;
                         });

}  // namespace
}  // namespace judge
