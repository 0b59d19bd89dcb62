// End-to-end tests of `judge baseline rank|calibrate|check` that need no GPU.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
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

// A data root holding a copy of the shipped 1d-convolution with its H100 baselines as written
// before baselines named their case (an unknown case), and an empty user store.
class ConvolutionRoot {
 public:
  ConvolutionRoot() {
    namespace fs = std::filesystem;
    const fs::path src = testing::source_root();
    const auto copy = fs::copy_options::recursive;
    for (const char* dir : {"challenges", "solutions", "testcases"}) fs::create_directories(root() / dir);
    fs::copy(src / "challenges/1d-convolution", root() / "challenges/1d-convolution", copy);
    fs::copy(src / "solutions/1d-convolution", root() / "solutions/1d-convolution", copy);
    fs::copy(src / "testcases/1d-convolution.json", root() / "testcases/1d-convolution.json");
    auto j = nlohmann::json::parse(read(src / baselines()));
    for (auto& e : j["entries"]) {
      e.erase("case_key");
      e.erase("source_sha256");
    }
    dir_.write(baselines(), j.dump(1));
  }
  const std::filesystem::path& root() const { return dir_.path(); }
  std::string store() const { return (root() / "store").string(); }
  util::CapturedRun judge(std::vector<std::string> args) const {
    testing::JudgeCall call;
    call.root = root().string();
    return testing::run_judge(args, call);
  }
  // Another seed for the performance case: other data, another case.
  void change_performance_case() const {
    const auto file = root() / "testcases/1d-convolution.json";
    auto j = nlohmann::json::parse(read(file));
    for (auto& c : j["cases"])
      if (c["kind"] == "performance") c["seed"] = 987654321;
    dir_.write("testcases/1d-convolution.json", j.dump(1));
  }

  static inline const std::string kGpu = "nvidia-h100-80gb-hbm3";

 private:
  static std::string baselines() { return "baselines/" + kGpu + "/1d-convolution.json"; }
  static std::string read(const std::filesystem::path& p) {
    std::ifstream in(p);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  testing::TempDir dir_;
};

TEST(CliBaseline, BaselinesOfAnUnknownCaseDoNotRankUntilStamped) {
  const ConvolutionRoot r;
  const std::vector<std::string> rank = {
      "baseline", "rank", "1d-convolution", "0.312", "--gpu", ConvolutionRoot::kGpu, "--store", r.store()};
  const auto refused = r.judge(rank);
  EXPECT_EQ(refused.status.code, 2);
  EXPECT_NE(refused.err.text.find("not ranked: the shipped baselines for 1d-convolution do not say which performance "
                                  "case they timed"),
            std::string::npos)
      << refused.err.text;
  EXPECT_NE(refused.err.text.find("'judge baseline calibrate 1d-convolution' re-times them on this GPU"),
            std::string::npos)
      << refused.err.text;
  auto json_args = rank;
  json_args.push_back("--json");
  const auto refused_json = r.judge(json_args);
  EXPECT_EQ(refused_json.status.code, 2);
  const auto rj = nlohmann::json::parse(refused_json.out.text);
  EXPECT_TRUE(rj["ranking"].is_null());
  EXPECT_EQ(rj["ranking_reason"], "unknown_case");

  const auto check = r.judge({"baseline", "check", "1d-convolution", "--gpu", ConvolutionRoot::kGpu});
  EXPECT_EQ(check.status.code, 1);
  EXPECT_NE(check.out.text.find("(shipped): stale: the baselines of"), std::string::npos) << check.out.text;
  EXPECT_NE(check.out.text.find("'judge baseline stamp 1d-convolution'"), std::string::npos) << check.out.text;

  EXPECT_EQ(r.judge({"baseline", "stamp"}).status.code, 2) << "no challenge named: nothing is stamped blindly";
  const auto stamped = r.judge({"baseline", "stamp", "1d-convolution"});
  EXPECT_EQ(stamped.status.code, 0) << stamped.out.text << stamped.err.text;
  EXPECT_NE(
      stamped.out.text.find(ConvolutionRoot::kGpu + "/1d-convolution.json: stamped 3, 0 current already, 0 stale"),
      std::string::npos)
      << stamped.out.text;

  // Stamped: ranked as before the fields existed.
  const auto ranked = r.judge(json_args);
  ASSERT_EQ(ranked.status.code, 0) << ranked.err.text;
  const auto j = nlohmann::json::parse(ranked.out.text);
  EXPECT_EQ(j["format"], "judge-baseline-rank/1");
  const double p = j["ranking"]["percentile"];
  EXPECT_GT(p, 0.0);
  EXPECT_LT(p, 100.0);
  EXPECT_EQ(j["ranking"]["own"], 0);
  EXPECT_GE(j["ranking"]["references"].get<int>(), 3);
  EXPECT_TRUE(j["ranking_reason"].is_null());
  const auto text =
      r.judge({"baseline", "rank", "1d-convolution", "0.312", "--gpu", "NVIDIA H100 80GB HBM3", "--store", r.store()});
  EXPECT_NE(text.out.text.find("reference solutions on this GPU"), std::string::npos) << text.out.text;
  const auto list = r.judge({"baseline", "list", "1d-convolution", "--store", r.store(), "--json"});
  ASSERT_EQ(list.status.code, 0) << list.err.text;
  EXPECT_EQ(nlohmann::json::parse(list.out.text)["gpus"][0]["entries"][0]["status"], "current");

  // The performance case changes: the stamped baselines timed another case.
  r.change_performance_case();
  const auto other = r.judge(rank);
  EXPECT_EQ(other.status.code, 2);
  EXPECT_NE(other.err.text.find("not ranked: the shipped baselines for 1d-convolution timed another performance case; "
                                "'judge baseline calibrate 1d-convolution' re-times them on this GPU"),
            std::string::npos)
      << other.err.text;
  const auto restamp = r.judge({"baseline", "stamp", "1d-convolution"});
  EXPECT_EQ(restamp.status.code, 1) << "stale entries are left as they are";
  EXPECT_NE(restamp.out.text.find("stamped 0, 0 current already, 3 stale"), std::string::npos) << restamp.out.text;
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
