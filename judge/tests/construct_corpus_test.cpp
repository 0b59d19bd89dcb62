// Every construct-corpus entry compiles for sm_90 without a GPU under nvcc and under nvrtc;
// entries with "engine": "nvrtc" also under auto, which must keep them on NVRTC.
// Entries marked "fallback" use constructs the NVRTC splitter may reject: nvrtc must refuse them
// with a message naming the construct's line, and `auto` must build them with nvcc instead.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <regex>
#include <set>

#include "compile/compiler.hpp"
#include "compile/prototype.hpp"
#include "compile/source_hash.hpp"
#include "compile_cache_env.hpp"
#include "corpus/construct_corpus.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;
using Status = compile::CompileOutcome::Status;

struct Case {
  testing::CorpusEntry entry;
  std::string engine;
};
void PrintTo(const Case& k, std::ostream* os) {
  *os << testing::case_label(k.entry, k.engine);
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const auto& e : testing::corpus_entries()) {
    out.push_back({e, "nvcc"});
    out.push_back({e, "nvrtc"});
    // auto on the other files is covered on the GPU
    if (!e.auto_engine.empty()) out.push_back({e, "auto"});
  }
  return out;
}

compile::CompileOutcome compile_entry(const testing::CorpusEntry& e, const std::string& engine) {
  return compile::compile(testing::compile_request(e.challenge, testing::corpus_dir() / e.file, e.file, engine));
}

// An engine this judge does not have yet answers with a tool error naming it; that is a
// missing feature of the build, reported as a skip with the engine's own words.
bool engine_missing(const compile::CompileOutcome& out) {
  return out.status == Status::tool_error && out.log.find("unknown compiler engine") != std::string::npos;
}

class ConstructCorpus : public ::testing::TestWithParam<Case> {};

TEST_P(ConstructCorpus, CompilesForSm90) {
  const Case& k = GetParam();
  ASSERT_TRUE(fs::exists(testing::corpus_dir() / k.entry.file)) << k.entry.file;
  const auto out = compile_entry(k.entry, k.engine);
  if (engine_missing(out)) GTEST_SKIP() << out.log;
  const std::string what = k.entry.file + " (" + k.entry.construct + ") under " + k.engine + ":\n" + out.log;

  if (k.entry.fallback && k.engine == "nvrtc") {
    // Refused before any compiler runs, naming the file, the line and the construct.
    EXPECT_NE(out.status, Status::ok) << what;
    EXPECT_TRUE(std::regex_search(out.log, std::regex("unsupported|cannot compile", std::regex::icase))) << what;
    EXPECT_TRUE(std::regex_search(out.log, std::regex(R"((line\s+|\.cu[:(])[0-9]+)"))) << "no line number: " << what;
    EXPECT_TRUE(std::regex_search(out.log, std::regex("thrust|cub"))) << "the construct is not named: " << what;
    return;
  }
  ASSERT_EQ(out.status, Status::ok) << what;
  EXPECT_TRUE(fs::exists(out.artifact)) << what;
  // `auto` takes the entry's engine: nvcc for a fallback (saying why), nvrtc with no note for a
  // cause of past fallbacks; explicit engines are used as asked.
  EXPECT_EQ(out.engine, k.engine == "auto" ? k.entry.auto_engine : k.engine) << what;
  if (k.engine == "auto" && k.entry.auto_engine == "nvcc") {
    EXPECT_FALSE(out.note.empty()) << "auto says why it chose nvcc: " << what;
  }
  if (k.engine == "auto" && k.entry.auto_engine == "nvrtc") {
    EXPECT_TRUE(out.note.empty()) << "no fallback: " << what;
  }
}

INSTANTIATE_TEST_SUITE_P(All, ConstructCorpus, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return testing::test_name_part(info.param.entry.file) + "_" + info.param.engine;
                         });

// The manifest itself: every file in the folder is listed once, every entry names a challenge
// that exists, rejected entries name their diagnosis, and the fallbacks are a small minority
// (they do not exercise the splitter).
TEST(ConstructCorpusManifest, ListsEveryFileOnceWithARealChallenge) {
  const auto entries = testing::corpus_entries();
  std::set<std::string> listed;
  std::size_t fallbacks = 0;
  for (const auto& e : entries) {
    EXPECT_TRUE(listed.insert(e.file).second) << e.file << " is listed twice";
    EXPECT_TRUE(testing::catalog().challenge(e.challenge)) << e.file << ": unknown challenge " << e.challenge;
    // Mostly accepted files; the fidelity cases (docs/fidelity.md) are rejected with a diagnosis.
    if (e.verdict != "AC") EXPECT_FALSE(e.diagnosis.empty()) << e.file << ": a rejected entry names its diagnosis";
    EXPECT_FALSE(e.construct.empty()) << e.file;
    fallbacks += e.fallback;
  }
  for (const auto& f : fs::directory_iterator(testing::corpus_dir()))
    if (f.path().extension() == ".cu") {
      EXPECT_TRUE(listed.count(f.path().filename().string())) << f.path() << " is not in expected.json";
    }
  EXPECT_GE(entries.size(), 20u);
  EXPECT_GE(fallbacks, 2u);
  EXPECT_LE(fallbacks * 4, entries.size());
}

// scripts/check-solutions.py without a GPU: its plan (--dry-run) and its table (--render of a
// saved report). Returns the exit status and everything the script printed.
std::pair<int, std::string> run_check_solutions(const std::string& args) {
  const std::string cmd =
      "python3 " + (testing::source_root() / "scripts" / "check-solutions.py").string() + " " + args + " 2>&1";
  std::string output;
  FILE* pipe = ::popen(cmd.c_str(), "r");
  if (pipe == nullptr) return {-1, "popen failed: " + cmd};
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, pipe)) > 0;) output.append(buf, n);
  const int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

TEST(CheckSolutionsScript, DryRunJudgesEveryCorpusFileUnderEveryEngineAndTimesOnlyTheFirst) {
  const auto [rc, out] = run_check_solutions("--dry-run --engines nvcc,nvrtc,auto --only reduction");
  ASSERT_EQ(rc, 0) << out;
  for (const auto& e : testing::corpus_entries()) {
    if (e.challenge != "reduction") continue;
    for (const char* engine : {"nvcc", "nvrtc", "auto"})
      EXPECT_NE(out.find("corpus/" + e.file + "  " + e.verdict + "  " + engine + "  tests="), std::string::npos)
          << e.file << out;
  }
  EXPECT_NE(out.find("naive.cu  AC  nvcc  tests=all"), std::string::npos) << out;
  EXPECT_NE(out.find("naive.cu  AC  nvrtc  tests=example,functional"), std::string::npos) << out;
  // A file expected to fail runs every test under every engine (its failure may be in the timed case).
  EXPECT_NE(out.find("wrong/race.cu  WA  auto  tests=all"), std::string::npos) << out;
  EXPECT_EQ(out.find("challenge  file"), std::string::npos) << "a dry run judges nothing, so prints no table";

  const auto [rc_all, all] = run_check_solutions("--dry-run --engines nvrtc,nvcc --all-tests-every-engine --no-corpus");
  ASSERT_EQ(rc_all, 0) << all;
  EXPECT_EQ(all.find("tests=example"), std::string::npos) << all;
  EXPECT_EQ(all.find("corpus/"), std::string::npos) << all;
}

TEST(CheckSolutionsScript, RejectsUnknownEnginesAndAMissingJudge) {
  const auto [rc, out] = run_check_solutions("--dry-run --engines nvcc,clang");
  EXPECT_EQ(rc, 2) << out;
  EXPECT_NE(out.find("--engines 'nvcc,clang'"), std::string::npos) << out;
  const auto [rc2, out2] = run_check_solutions("--only vector-addition");
  EXPECT_EQ(rc2, 2) << out2;
  EXPECT_NE(out2.find("the judge binary is required"), std::string::npos) << out2;
}

TEST(CheckSolutionsScript, RendersOneVerdictColumnPerEngineAndFailsOnADisagreement) {
  testing::TempDir dir;
  const auto engine = [](const char* verdict, const char* used, bool ok) {
    return nlohmann::json{{"verdict", verdict},       {"used", used},  {"ok", ok},
                          {"message_missing", false}, {"wall_s", 1.5}, {"report", nlohmann::json::object()}};
  };
  const nlohmann::json saved = {{"engines", {"nvcc", "nvrtc", "auto"}},
                                {"results",
                                 {{{"challenge", "relu"},
                                   {"file", "naive.cu"},
                                   {"expected", "AC"},
                                   {"ok", true},
                                   {"engines",
                                    {{"nvcc", engine("AC", "nvcc", true)},
                                     {"nvrtc", engine("AC", "nvrtc", true)},
                                     {"auto", engine("AC", "nvrtc", true)}}}},
                                  {{"challenge", "reduction"},
                                   {"file", "corpus/thrust.cu"},
                                   {"expected", "AC"},
                                   {"ok", false},
                                   {"engines",
                                    {{"nvcc", engine("AC", "nvcc", true)},
                                     {"nvrtc", engine("CE", "nvrtc", false)},
                                     {"auto", engine("AC", "nvcc", true)}}}}}}};
  const auto file = dir.write("saved.json", saved.dump());
  const auto [rc, out] = run_check_solutions("--render " + file.string());
  EXPECT_EQ(rc, 1) << out;
  EXPECT_TRUE(std::regex_search(out, std::regex("challenge +file +expected +nvcc +nvrtc +auto +median"))) << out;
  EXPECT_TRUE(std::regex_search(out, std::regex(R"(relu +naive\.cu +AC +AC +AC +AC \(nvrtc\) .* 4\.5 +yes)"))) << out;
  EXPECT_TRUE(std::regex_search(out, std::regex(R"(corpus/thrust\.cu +AC +AC +CE +AC \(nvcc\) .* NO)"))) << out;
  EXPECT_NE(out.find("1 of 2 files got the expected verdict under nvcc, nvrtc, auto; mismatches per engine: nvcc 0, "
                     "nvrtc 1, auto 0"),
            std::string::npos)
      << out;
}

}  // namespace
}  // namespace judge
