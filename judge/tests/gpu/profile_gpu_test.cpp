// `judge run --profile` on a GPU: the deliberately uncoalesced matrix multiplication
// (bench/profile/matmul-uncoalesced.cu) is accepted and timed as without --profile, and Nsight
// Compute's uncoalesced-access finding comes first. Skips without a device or without ncu.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../test_support.hpp"
#include "gpu_support.hpp"
#include "profile/ncu_tool.hpp"
#include "util/subprocess.hpp"

namespace judge {
namespace {

#define REQUIRE_GPU_AND_NCU()                                                                            \
  do {                                                                                                   \
    if (!testing::no_device_reason().empty()) GTEST_SKIP() << "no GPU: " << testing::no_device_reason(); \
    if (auto n = profile::find_ncu(); !n) GTEST_SKIP() << "no ncu: " << n.error().message;               \
  } while (0)

TEST(GpuProfile, TheUncoalescedMatmulGetsTheUncoalescedFinding) {
  REQUIRE_GPU_AND_NCU();
  util::SpawnOptions o;
  o.argv = {JUDGE_BINARY,
            "--root",
            JUDGE_TEST_ROOT,
            "run",
            "--json",
            "matrix-multiplication",
            std::string(JUDGE_TEST_ROOT) + "/bench/profile/matmul-uncoalesced.cu",
            "--tests",
            "performance",
            "--profile"};
  const auto run = util::run_captured(o, 600000);
  ASSERT_TRUE(run);
  ASSERT_EQ(run->status.code, 0) << run->out.text.substr(0, 4000) << run->err.text;
  const auto doc = nlohmann::json::parse(run->out.text);
  // The verdict and the timed result are those of a run without --profile.
  EXPECT_EQ(doc["verdict"], "AC");
  ASSERT_EQ(doc["tests"].size(), 1u);
  EXPECT_TRUE(doc["tests"][0]["timing"].is_object());
  const auto& p = doc["profile"];
  ASSERT_TRUE(p.is_object()) << run->out.text.substr(0, 4000);
  ASSERT_TRUE(p["problem"].is_null()) << p["problem"];
  EXPECT_EQ(p["test"], "performance");
  EXPECT_EQ(p["launches_in_solve"], 1);
  EXPECT_FALSE(p["capped"].get<bool>());
  // Only solve's kernel: not the judge's L2 flush or comparison kernels.
  ASSERT_EQ(p["launches"].size(), 1u) << p["launches"].dump().substr(0, 2000);
  ASSERT_EQ(p["kernels"].size(), 1u);
  const auto& k = p["kernels"][0];
  EXPECT_EQ(k["name"], "matmul_rows_in_x");
  ASSERT_FALSE(k["findings"].empty()) << k.dump(2);
  EXPECT_EQ(k["findings"][0]["rule"], "UncoalescedGlobalAccess") << k["findings"].dump(2);
  EXPECT_EQ(k["findings"][0]["title"], "uncoalesced global accesses");
  EXPECT_GT(doc["time_split"]["profile_ms"].get<double>(), 0);
  // Every metric keeps ncu's section, name and unit.
  bool dram = false;
  for (const auto& m : p["launches"][0]["metrics"])
    dram = dram || (m["name"] == "DRAM Throughput" && m["unit"] == "%" && m["value"].is_number());
  EXPECT_TRUE(dram) << p["launches"][0]["metrics"].dump().substr(0, 2000);
}

}  // namespace
}  // namespace judge
