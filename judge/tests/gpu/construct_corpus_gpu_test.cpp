// Ring 2: every construct-corpus file is judged under each engine (nvcc, nvrtc, auto) and must
// get its expected verdict. Functional tests only: the point is that both build routes produce
// the same behaviour, not their speed. Without a device every test here skips and says why.
#include <gtest/gtest.h>

#include "../corpus/construct_corpus.hpp"
#include "../test_support.hpp"
#include "exec/runner.hpp"
#include "gpu_support.hpp"
#include "judging/submission.hpp"

namespace judge {
namespace {

using testing::no_device_reason;

struct Case {
  testing::CorpusEntry entry;
  std::string engine;
};
void PrintTo(const Case& k, std::ostream* os) {
  *os << testing::case_label(k.entry, k.engine);
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const auto& e : testing::corpus_entries())
    for (const char* engine : {"nvcc", "nvrtc", "auto"}) out.push_back({e, engine});
  return out;
}

std::string describe(const judging::RunResult& r) {
  std::string s = std::string(judging::verdict_code(r.verdict)) + " " + r.summary + "\n" + r.compile.log;
  for (const auto& t : r.tests)
    s += "\n  " + t.name + ": " + std::string(judging::verdict_code(t.verdict)) + " [" + t.diagnosis + "] " + t.summary;
  return s;
}

class ConstructCorpusGpu : public ::testing::TestWithParam<Case> {};

TEST_P(ConstructCorpusGpu, GetsTheExpectedVerdict) {
  if (!no_device_reason().empty()) GTEST_SKIP() << "no GPU: " << no_device_reason();
  const Case& k = GetParam();
  auto c = testing::catalog().challenge(k.entry.challenge);
  ASSERT_TRUE(c) << k.entry.challenge;
  auto suite = testing::catalog().testcases(*c);
  ASSERT_TRUE(suite);
  judging::RunOptions opt;
  opt.kinds = {spec::CaseKind::example, spec::CaseKind::functional};
  opt.engine = k.engine;
  opt.runner_executable = JUDGE_BINARY;
  const auto r = judging::judge_submission(*c, *suite, testing::corpus_dir() / k.entry.file, k.entry.file, opt);
  if (r.compile.log.find("unknown compiler engine") != std::string::npos)
    GTEST_SKIP() << "engine '" << k.engine << "' is not built into this judge: " << r.compile.log;
  if (k.engine == "nvrtc" && k.entry.fallback) {
    // Forced onto nvrtc, a construct the splitter cannot express is a clear error, not a crash.
    EXPECT_EQ(judging::verdict_code(r.verdict), std::string("JE")) << describe(r);
    EXPECT_NE(r.compile.log.find("use --compiler auto or nvcc"), std::string::npos) << describe(r);
    return;
  }
  EXPECT_EQ(judging::verdict_code(r.verdict), k.entry.verdict)
      << k.entry.file << " (" << k.entry.construct << ") under " << k.engine << ": " << describe(r);
  if (!k.entry.diagnosis.empty()) {
    std::string first;
    for (const auto& t : r.tests)
      if (first.empty()) first = t.diagnosis;
    EXPECT_EQ(first, k.entry.diagnosis) << describe(r);
  }
  if (k.engine == "auto" && !k.entry.auto_engine.empty()) {
    EXPECT_EQ(r.compile.engine, k.entry.auto_engine) << describe(r);
  }
}

INSTANTIATE_TEST_SUITE_P(All, ConstructCorpusGpu, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return testing::test_name_part(info.param.entry.file) + "_" + info.param.engine;
                         });

}  // namespace
}  // namespace judge
