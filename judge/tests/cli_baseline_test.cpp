// End-to-end tests of `judge baseline rank|calibrate|check` that need no GPU.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "test_support.hpp"
#include "util/subprocess.hpp"

namespace judge {
namespace {

util::CapturedRun judge_cli(std::vector<std::string> args) {
  return testing::run_judge(args);
}

TEST(CliBaseline, HelpListsTheNewSubcommands) {
  const auto r = judge_cli({"baseline", "--help"});
  EXPECT_EQ(r.status.code, 0);
  for (const char* sub : {"rank", "calibrate", "check"}) EXPECT_NE(r.out.text.find(sub), std::string::npos) << sub;
  const auto cal = judge_cli({"baseline", "calibrate", "--help"});
  EXPECT_NE(cal.out.text.find("--force"), std::string::npos) << cal.out.text;
  EXPECT_EQ(cal.out.text.find("--keep-going"), std::string::npos) << "calibrate runs the performance case only";
}

TEST(CliBaseline, RankPlacesATimeAmongTheShippedH100Baselines) {
  testing::TempDir store;
  const auto r = judge_cli({"baseline", "rank", "1d-convolution", "0.312", "--gpu", "nvidia-h100-80gb-hbm3", "--store",
                            store.path().string(), "--json"});
  ASSERT_EQ(r.status.code, 0) << r.err.text;
  const auto j = nlohmann::json::parse(r.out.text);
  EXPECT_EQ(j["format"], "judge-baseline-rank/1");
  const double p = j["ranking"]["percentile"];
  EXPECT_GT(p, 0.0);
  EXPECT_LT(p, 100.0);
  EXPECT_EQ(j["ranking"]["own"], 0);
  EXPECT_GE(j["ranking"]["references"].get<int>(), 3);
  const auto text = judge_cli({"baseline", "rank", "1d-convolution", "0.312", "--gpu", "NVIDIA H100 80GB HBM3",
                               "--store", store.path().string()});
  EXPECT_NE(text.out.text.find("reference solutions on this GPU"), std::string::npos) << text.out.text;
}

TEST(CliBaseline, RankWithoutAGpuAsksForOneAndListsTheKeys) {
  testing::TempDir store;
  const auto r = judge_cli({"baseline", "rank", "1d-convolution", "0.312", "--store", store.path().string()});
  EXPECT_EQ(r.status.code, 2);
  EXPECT_NE(r.err.text.find("--gpu KEY"), std::string::npos) << r.err.text;
  EXPECT_NE(r.err.text.find("nvidia-h100-80gb-hbm3"), std::string::npos) << r.err.text;
  const auto none = judge_cli(
      {"baseline", "rank", "1d-convolution", "0.312", "--gpu", "nvidia-b200", "--store", store.path().string()});
  EXPECT_EQ(none.status.code, 2);
  EXPECT_NE(none.err.text.find("judge baseline calibrate 1d-convolution"), std::string::npos) << none.err.text;
}

TEST(CliBaseline, CalibrateNeedsAGpu) {
  testing::TempDir store;
  const auto r = judge_cli({"baseline", "calibrate", "vector-addition", "--store", store.path().string()});
  EXPECT_EQ(r.status.code, 3);
  EXPECT_NE(r.err.text.find("calibrating needs this machine's GPU"), std::string::npos) << r.err.text;
}

TEST(CliBaseline, CheckReportsAGpuWithoutBaselinesAsIncomplete) {
  const auto r = judge_cli({"baseline", "check", "vector-addition", "--gpu", "nvidia-b200", "--json"});
  EXPECT_EQ(r.status.code, 1);
  const auto j = nlohmann::json::parse(r.out.text);
  EXPECT_EQ(j["format"], "judge-ladder-check/1");
  EXPECT_FALSE(j["ok"].get<bool>());
  const auto& gpu = j["challenges"][0]["gpus"][0];
  EXPECT_EQ(gpu["gpu_key"], "nvidia-b200");
  EXPECT_EQ(gpu["missing"].size(), j["challenges"][0]["rungs"].get<std::size_t>());
  const auto text = judge_cli({"baseline", "check", "vector-addition", "--gpu", "nvidia-b200"});
  EXPECT_NE(text.out.text.find("nvidia-b200 (shipped): incomplete: missing"), std::string::npos) << text.out.text;
}

}  // namespace
}  // namespace judge
