// The profile module on Nsight Compute's real output (judge/tests/data/ncu: the details page of
// 2048^3 matrix multiplications, captured on an H200 with ncu 2025.3.1): reading the CSV, what
// bounds each kernel, occupancy, the findings and their advice, and the report's text and JSON.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "profile/advice.hpp"
#include "profile/analysis.hpp"
#include "profile/ncu_csv.hpp"
#include "profile/summary.hpp"
#include "report/profile_report.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

using profile::Bottleneck;

std::string fixture(const std::string& name) {
  std::ifstream in(testing::source_root() / "judge/tests/data/ncu" / ("matmul-" + name + ".csv"));
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

profile::KernelRecord kernel(const std::string& name) {
  auto k = profile::parse_ncu_details(fixture(name));
  EXPECT_TRUE(k) << name << ": " << (k ? "" : k.error().message);
  EXPECT_EQ(k->size(), 1u) << name;
  return k->front();
}

profile::Profile profile_of(const std::string& name) {
  profile::Profile p;
  p.ncu = "/usr/local/cuda/bin/ncu";
  p.test = "performance";
  p.launches = {kernel(name)};
  p.launches_in_solve = 1;
  return p;
}

TEST(NcuCsv, SplitsQuotedFields) {
  const auto rows = profile::split_csv("a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",,x\n");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0], (std::vector<std::string>{"a", "b,c", "say \"hi\""}));
  EXPECT_EQ(rows[1], (std::vector<std::string>{"two\nlines", "", "x"}));
}

TEST(NcuCsv, ReadsNumbersWithThousandsSeparators) {
  EXPECT_DOUBLE_EQ(*profile::parse_ncu_number("3,199,456,328.44"), 3199456328.44);
  EXPECT_DOUBLE_EQ(*profile::parse_ncu_number("0.38"), 0.38);
  EXPECT_FALSE(profile::parse_ncu_number("no data"));
  EXPECT_FALSE(profile::parse_ncu_number("(32, 32, 1)"));
  EXPECT_FALSE(profile::parse_ncu_number(""));
}

TEST(NcuCsv, ReadsEveryMetricAndFindingOfTheTiledKernel) {
  const auto k = kernel("tiled");
  EXPECT_EQ(k.id, 0);
  EXPECT_EQ(k.name, "matmul_tiled(const float *, const float *, float *, int, int, int)");
  EXPECT_EQ(k.grid, "(64, 64, 1)");
  EXPECT_EQ(k.block, "(32, 32, 1)");
  EXPECT_DOUBLE_EQ(*k.value(profile::kSpeedOfLight, "Memory Throughput"), 88.20);
  EXPECT_DOUBLE_EQ(*k.value(profile::kSpeedOfLight, "DRAM Throughput"), 0.38);
  EXPECT_DOUBLE_EQ(profile::duration_ns(k), 2519168);
  // "Memory Throughput" is also a byte/s metric of another section: the section tells them apart.
  EXPECT_EQ(k.metric("Memory Workload Analysis", "Memory Throughput")->unit, "byte/s");
  EXPECT_EQ(k.metric("Memory Workload Analysis", "Local Memory Spilling Request Overhead")->text, "no data");
  EXPECT_EQ(k.metrics.size() + k.findings.size(), 75u);
  ASSERT_EQ(k.findings.size(), 5u);
  EXPECT_EQ(k.findings[0].rule, "SOLBottleneck");
  EXPECT_EQ(k.findings[0].section, "SpeedOfLight");
}

TEST(NcuCsv, WithoutATableTheErrorQuotesWhatNcuPrinted) {
  const auto r =
      profile::parse_ncu_details("==PROF== Connected to process 12\n==WARNING== No kernels were profiled.\n");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("No kernels were profiled"), std::string::npos) << r.error().message;
}

TEST(NcuCsv, MessagesBeforeTheHeaderAreSkipped) {
  const auto r = profile::parse_ncu_details("==WARNING== something\n" + fixture("best"));
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->size(), 1u);
}

TEST(NcuCsv, ShortKernelNames) {
  EXPECT_EQ(profile::short_kernel_name("matmul_tiled(const float *, const float *, float *, int, int, int)"),
            "matmul_tiled");
  EXPECT_EQ(profile::short_kernel_name("void <unnamed>::sgemm_128x128x8<0>(const float *, const float *, float *)"),
            "sgemm_128x128x8<0>");
  EXPECT_EQ(profile::short_kernel_name("void ns::k<unsigned int, (int)4>(float *)"), "ns::k<unsigned int, (int)4>");
  EXPECT_EQ(profile::short_kernel_name("plain"), "plain");
}

// The done-when, on the fixtures: tiled is bound by memory or latency, best by compute,
// and the uncoalesced solution's top finding is the uncoalesced access.
TEST(ProfileAnalysis, TiledIsBoundByOnChipMemory) {
  const Bottleneck b = profile::classify(kernel("tiled"));
  EXPECT_TRUE(b.kind == Bottleneck::Kind::memory || b.kind == Bottleneck::Kind::latency) << b.sentence;
  EXPECT_EQ(b.kind, Bottleneck::Kind::memory);
  EXPECT_EQ(b.level, "L1/shared memory");  // DRAM is at 0.4%, L1/TEX at 90%
  EXPECT_NE(b.sentence.find("L1/shared memory is 90% busy while DRAM is at only 0.4%"), std::string::npos)
      << b.sentence;
}

TEST(ProfileAnalysis, BestIsBoundByCompute) {
  const Bottleneck b = profile::classify(kernel("best"));
  EXPECT_EQ(b.kind, Bottleneck::Kind::compute) << b.sentence;
  EXPECT_NE(b.sentence.find("bound by compute: the SMs' pipelines are 78% busy (memory 68%)"), std::string::npos)
      << b.sentence;
}

TEST(ProfileAnalysis, NaiveAndUncoalescedAreBoundByMemory) {
  for (const char* name : {"naive", "uncoalesced"}) {
    const Bottleneck b = profile::classify(kernel(name));
    EXPECT_EQ(b.kind, Bottleneck::Kind::memory) << name << ": " << b.sentence;
    EXPECT_EQ(b.level, "L1/shared memory") << name;
  }
}

TEST(ProfileAnalysis, LatencyAndBalancedAndUnknown) {
  profile::KernelRecord k;
  auto set = [&](const char* name, double v) { k.metrics.push_back({profile::kSpeedOfLight, name, "%", "", v}); };
  EXPECT_EQ(profile::classify(k).kind, Bottleneck::Kind::unknown);
  set("Memory Throughput", 20);
  set("Compute (SM) Throughput", 30);
  set("DRAM Throughput", 20);
  EXPECT_EQ(profile::classify(k).kind, Bottleneck::Kind::latency);
  k.metrics[0].value = 70;
  k.metrics[1].value = 72;
  EXPECT_EQ(profile::classify(k).kind, Bottleneck::Kind::balanced);
  k.metrics[1].value = 30;
  const Bottleneck dram = profile::classify(k);
  EXPECT_EQ(dram.kind, Bottleneck::Kind::memory);
  EXPECT_EQ(dram.level, "DRAM");
  EXPECT_NE(dram.sentence.find("DRAM bandwidth is at 20% of peak"), std::string::npos) << dram.sentence;
}

TEST(ProfileAnalysis, BestsOccupancyIsLimitedByRegisters) {
  const profile::Occupancy o = profile::occupancy(kernel("best"));
  EXPECT_DOUBLE_EQ(*o.theoretical_pct, 25);
  EXPECT_DOUBLE_EQ(*o.achieved_pct, 22.37);
  EXPECT_EQ(o.limited_by, std::vector<std::string>{"registers"});
  EXPECT_NE(o.sentence.find("22% achieved of 25% theoretical, limited by registers (127 per thread): 2 blocks per SM"),
            std::string::npos)
      << o.sentence;
}

TEST(ProfileAnalysis, FullTheoreticalOccupancyNamesNoLimit) {
  const profile::Occupancy o = profile::occupancy(kernel("tiled"));
  EXPECT_TRUE(o.limited_by.empty());
  EXPECT_EQ(o.sentence, "98% achieved of 100% theoretical");
}

TEST(ProfileAdvice, TheUncoalescedAccessComesFirst) {
  const auto k = kernel("uncoalesced");
  const auto top = profile::top_findings(k.findings, 3);
  ASSERT_EQ(top.size(), 3u);
  EXPECT_EQ(top[0]->rule, "UncoalescedGlobalAccess");
  EXPECT_EQ(profile::advise(*top[0]).title, "uncoalesced global accesses");
  EXPECT_NE(profile::advise(*top[0]).try_this.find("threadIdx.x"), std::string::npos);
  // A global estimate before a local one, however large.
  EXPECT_EQ(top[1]->rule, "CPIStall");
  EXPECT_EQ(top[2]->rule, "HighPipeUtilization");
}

TEST(ProfileAdvice, StallsAreToldApartByTheirDescription) {
  EXPECT_NE(profile::advise(*profile::top_findings(kernel("tiled").findings, 1)[0]).title.find("MIO"),
            std::string::npos);
  const auto naive = kernel("naive"), uncoalesced = kernel("uncoalesced");
  EXPECT_NE(profile::advise(*profile::top_findings(naive.findings, 3)[0]).title.find("long scoreboard"),
            std::string::npos);
  EXPECT_NE(profile::advise(*profile::top_findings(uncoalesced.findings, 3)[1]).title.find("LG throttle"),
            std::string::npos);
}

TEST(ProfileAdvice, HiddenAndInformationalFindingsAreNotShown) {
  for (const char* name : {"naive", "tiled", "best", "uncoalesced"}) {
    const auto k = kernel(name);
    for (const profile::Finding* f : profile::top_findings(k.findings, 10)) {
      EXPECT_EQ(f->type, "OPT") << name << ": " << f->rule;
      EXPECT_NE(f->rule, "SOLBottleneck") << name;
    }
  }
  const auto best = kernel("best");
  EXPECT_EQ(profile::top_findings(best.findings, 3)[0]->rule, "TheoreticalOccupancy");
}

TEST(ProfileAdvice, AnUnknownRuleKeepsItsNameAndDescription) {
  const profile::Finding f{"X", "SomeNewRule", "OPT", "The first sentence. The second one.", "global", 5.0};
  EXPECT_EQ(profile::advise(f).title, "SomeNewRule");
  EXPECT_EQ(profile::advise(f).try_this, "");
  EXPECT_EQ(profile::shorten_description(f.description), "The first sentence.");
  EXPECT_EQ(profile::shorten_description("e.g. at 1.9 blocks. Next"), "e.g. at 1.9 blocks.");
  const std::string longer(300, 'a');
  EXPECT_EQ(profile::shorten_description(longer).size(), 200u);
}

TEST(ProfileSummary, LaunchesOfOneKernelAddUp) {
  const auto tiled = kernel("tiled"), best = kernel("best");
  const auto kernels = profile::summarize({tiled, best, tiled});
  ASSERT_EQ(kernels.size(), 2u);
  EXPECT_EQ(kernels[0].name, "matmul_tiled");
  EXPECT_EQ(kernels[0].launches, 2);
  EXPECT_NEAR(kernels[0].share, 2 * 2519168.0 / (2 * 2519168.0 + 493184.0), 1e-12);
  EXPECT_EQ(kernels[1].name, "sgemm_128x128x8<0>");
}

TEST(ProfileReport, TextSaysWhatBoundsTheKernelAndWhatToTry) {
  const std::string text = report::profile_text(profile_of("uncoalesced"), false, report::BarStyle::none);
  EXPECT_NE(text.find("profile: Nsight Compute, one solve call of test 'performance', 1 kernel launch"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("matmul_rows_in_x  grid (64, 256, 1), block (32, 8, 1): 100% of the kernel time"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("bound by memory, on chip"), std::string::npos) << text;
  EXPECT_NE(text.find("throughput, % of peak: DRAM <0.1%, L2 cache 2.5%, L1/shared 99%, compute (SM) 5.9%"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("1. uncoalesced global accesses (est. speedup 49%)"), std::string::npos) << text;
  EXPECT_NE(text.find("ncu: This kernel has uncoalesced global accesses resulting in a total of 7519862784 excessive "
                      "sectors (85% of the total 8862564352 sectors)."),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("try: Let consecutive threads"), std::string::npos) << text;
}

TEST(ProfileReport, BarsOnATerminal) {
  const std::string text = report::profile_text(profile_of("best"), false, report::BarStyle::unicode);
  EXPECT_NE(text.find("compute (SM)"), std::string::npos) << text;
  EXPECT_NE(text.find("\u2588"), std::string::npos) << text;
  EXPECT_EQ(text.find("throughput, % of peak: DRAM"), std::string::npos) << text;
}

TEST(ProfileReport, AProblemIsOneLine) {
  profile::Profile p;
  p.problem = "Nsight Compute (ncu) was not found (...)";
  const std::string text = report::profile_text(p, false, report::BarStyle::unicode);
  EXPECT_EQ(text, "profile: none: Nsight Compute (ncu) was not found (...)\n");
  EXPECT_EQ(report::profile_json(p)["problem"], p.problem);
}

TEST(ProfileReport, ACappedProfileSaysSo) {
  profile::Profile p = profile_of("tiled");
  p.launch_cap = 1;
  p.launches_in_solve = 7;
  EXPECT_TRUE(p.capped());
  const std::string text = report::profile_text(p, false, report::BarStyle::none);
  EXPECT_NE(text.find("the first 1 of 7 kernel launches, capped by ncu --launch-count 1"), std::string::npos) << text;
  p.launches_in_solve = 1;
  EXPECT_FALSE(p.capped());
}

TEST(ProfileReport, JsonCarriesNcusNamesAndUnits) {
  const auto j = report::profile_json(profile_of("best"));
  EXPECT_TRUE(j["problem"].is_null());
  EXPECT_EQ(j["kernels"][0]["bottleneck"]["kind"], "compute");
  EXPECT_EQ(j["kernels"][0]["occupancy"]["limited_by"][0], "registers");
  EXPECT_EQ(j["kernels"][0]["findings"][0]["rule"], "TheoreticalOccupancy");
  bool found = false;
  for (const auto& m : j["launches"][0]["metrics"])
    if (m["name"] == "Registers Per Thread") {
      found = true;
      EXPECT_EQ(m["section"], "Launch Statistics");
      EXPECT_EQ(m["unit"], "register/thread");
      EXPECT_EQ(m["value"], 127);
      EXPECT_EQ(m["text"], "127");
    }
  EXPECT_TRUE(found);
  EXPECT_EQ(j["launches"][0]["findings"].size(), 4u);  // every finding, shown or not (SOLBottleneck too)
}

}  // namespace
}  // namespace judge
