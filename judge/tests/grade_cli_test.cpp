// `judge grade` through the real binary, without a GPU: compile-only grading of a small batch,
// the summary table, the JSON and JUnit reports, exit codes, and the no-GPU error.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "report/html_report.hpp"
#include "test_support.hpp"
#include "util/subprocess.hpp"

namespace judge {
namespace {

util::CapturedRun grade_cli(std::vector<std::string> args, const std::string& cache_dir) {
  args.insert(args.begin(), "grade");
  testing::JudgeCall call;
  call.env = {"JUDGE_CACHE_DIR=" + cache_dir};
  call.timeout_ms = 300000;
  return testing::run_judge(args, call);
}

nlohmann::json read_json(const std::filesystem::path& p) {
  std::ifstream in(p);
  return nlohmann::json::parse(in);
}

// One good file, one syntax error (nvcc rejects it), one wrong signature (rejected before nvcc).
struct SmallBatch {
  testing::TempDir dir;
  SmallBatch() {
    dir.write("batch/alice/vector-addition/solution.cu",
              "__global__ void add(const float* a, const float* b, float* c, int n) {\n"
              "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
              "  if (i < n) c[i] = a[i] + b[i];\n"
              "}\n"
              "extern \"C\" void solve(const float* A, const float* B, float* C, int N) {\n"
              "  add<<<(N + 255) / 256, 256>>>(A, B, C, N);\n"
              "}\n");
    dir.write("batch/bob/vector-addition/solution.cu",
              "extern \"C\" void solve(const float* A, const float* B, float* C, int N) { int x = ; }\n");
    dir.write("batch/carol/tagged.cu", "// judge: vector-addition\nextern \"C\" void solve(float* A, int N) {}\n");
  }
  std::string root() const { return (dir.path() / "batch").string(); }
  std::string cache() const { return (dir.path() / "cache").string(); }
};

TEST(GradeCli, CompileOnlyWithoutGpu) {
  SmallBatch b;
  const auto json = b.dir.path() / "report.json", junit = b.dir.path() / "report.xml",
             html = b.dir.path() / "report.html";
  std::vector<std::string> args = {b.root(), "--compile-only", "--arch",      "sm_90",   "--jobs",
                                   "2",      "--json",         json.string(), "--junit", junit.string()};
  if (report::html_available()) args.insert(args.end(), {"--html", html.string()});
  const auto r = grade_cli(args, b.cache());
  EXPECT_EQ(r.status.code, 1) << r.out.text << r.err.text;
  // The table: sorted by id, one row each, then the totals.
  const std::string& t = r.out.text;
  const auto alice = t.find("alice/vector-addition/solution.cu"), bob = t.find("bob/vector-addition/solution.cu"),
             carol = t.find("carol/tagged.cu");
  ASSERT_NE(alice, std::string::npos) << t;
  ASSERT_NE(bob, std::string::npos) << t;
  ASSERT_NE(carol, std::string::npos) << t;
  EXPECT_LT(alice, bob);
  EXPECT_LT(bob, carol);
  EXPECT_NE(t.find("3 submission(s): 1 compiled, 2 CE"), std::string::npos) << t;
  EXPECT_NE(r.err.text.find("/3] "), std::string::npos) << "progress lines on stderr: " << r.err.text;

  const auto doc = read_json(json);
  EXPECT_EQ(doc["format"], "judge-grade/1");
  EXPECT_EQ(doc["compile_only"], true);
  EXPECT_TRUE(doc["shard"].is_null());
  EXPECT_EQ(doc["gpus"].size(), 0u);
  ASSERT_EQ(doc["submissions"].size(), 3u);
  const auto& s = doc["submissions"];
  EXPECT_EQ(s[0]["verdict"], "compiled");
  EXPECT_EQ(s[0]["student"], "alice");
  EXPECT_EQ(s[0]["challenge"], "vector-addition");
  EXPECT_TRUE(s[0]["gpu"].is_null());
  EXPECT_EQ(s[1]["verdict"], "CE");
  EXPECT_NE(s[1]["compile_log"].get<std::string>().find("bob/vector-addition/solution.cu"), std::string::npos)
      << "nvcc's messages name the submission by its id: " << s[1]["compile_log"];
  EXPECT_EQ(s[2]["verdict"], "CE");
  EXPECT_NE(s[2]["summary"].get<std::string>().find("signature"), std::string::npos) << s[2]["summary"];
  EXPECT_EQ(doc["totals"]["submissions"], 3);
  EXPECT_EQ(doc["totals"]["by_verdict"]["CE"], 2);

  std::ifstream x(junit);
  const std::string xml((std::istreambuf_iterator<char>(x)), std::istreambuf_iterator<char>());
  EXPECT_NE(xml.find("<testsuite"), std::string::npos) << xml;

  // --exit-zero keeps CI green while still reporting; the two halves of a batch partition it.
  std::set<std::string> ids;
  for (const char* shard : {"1/2", "2/2"}) {
    const auto part = grade_cli(
        {b.root(), "--compile-only", "--arch", "sm_90", "--exit-zero", "--shard", shard, "--json", json.string()},
        b.cache());
    EXPECT_EQ(part.status.code, 0) << part.err.text;
    const auto pdoc = read_json(json);
    EXPECT_EQ(pdoc["shard"]["count"], 2);
    for (const auto& sub : pdoc["submissions"]) EXPECT_TRUE(ids.insert(sub["id"].get<std::string>()).second);
  }
  EXPECT_EQ(ids.size(), 3u);

  // The HTML class report of the same run; a judge built without Chart.js refuses --html before
  // grading anything, saying what to install.
  if (!report::html_available()) {
    const auto no_html = grade_cli({b.root(), "--compile-only", "--arch", "sm_90", "--html", html.string()}, b.cache());
    EXPECT_EQ(no_html.status.code, 2);
    EXPECT_NE(no_html.err.text.find("apt-get install libjs-chart.js"), std::string::npos) << no_html.err.text;
    EXPECT_EQ(no_html.err.text.find("grading"), std::string::npos) << no_html.err.text;
    return;
  }
  std::ifstream h(html);
  const std::string page((std::istreambuf_iterator<char>(h)), std::istreambuf_iterator<char>());
  EXPECT_NE(page.find(R"(data-student="alice" data-challenge="vector-addition" data-verdicts="compiled")"),
            std::string::npos);
  EXPECT_NE(page.find(R"(data-student="bob" data-challenge="vector-addition" data-verdicts="CE")"), std::string::npos);
  EXPECT_NE(page.find("A compile-only report: nothing was timed."), std::string::npos);
}

TEST(GradeCli, ACompileBombIsACompileErrorAfterTheTimeout) {
  testing::TempDir dir;
  dir.write("batch/mallory/vector-addition/solution.cu", testing::kCompileBomb);
  const auto json = dir.path() / "report.json";
  const auto r = grade_cli({(dir.path() / "batch").string(), "--compile-only", "--arch", "sm_90", "--compile-timeout",
                            "1", "--json", json.string()},
                           (dir.path() / "cache").string());
  EXPECT_EQ(r.status.code, 1) << r.out.text << r.err.text;
  const auto doc = read_json(json);
  ASSERT_EQ(doc["submissions"].size(), 1u);
  EXPECT_EQ(doc["submissions"][0]["verdict"], "CE");
  EXPECT_EQ(doc["submissions"][0]["compile_log"], "compilation took longer than 1 s and was stopped");
}

TEST(GradeCli, WithoutGpuExits3AndSaysWhatToDo) {
  SmallBatch b;
  const auto r = grade_cli({b.root()}, b.cache());
  EXPECT_EQ(r.status.code, 3);
  EXPECT_NE(r.err.text.find("no CUDA device"), std::string::npos) << r.err.text;
  EXPECT_NE(r.err.text.find("--compile-only --arch"), std::string::npos) << r.err.text;
}

TEST(GradeCli, UsageErrorsExit2) {
  SmallBatch b;
  const auto manifest = b.dir.write("m.csv", "file,challenge\nbatch/nope.cu,vector-addition\n");
  const auto bad_manifest = grade_cli({manifest.string(), "--compile-only", "--arch", "sm_90"}, b.cache());
  EXPECT_EQ(bad_manifest.status.code, 2);
  EXPECT_NE(bad_manifest.err.text.find("m.csv:2: no such file 'batch/nope.cu'"), std::string::npos)
      << bad_manifest.err.text;
  EXPECT_EQ(grade_cli({b.root(), "--shard", "3/2", "--compile-only", "--arch", "sm_90"}, b.cache()).status.code, 2);
  EXPECT_EQ(grade_cli({b.root(), "--arch", "sm_90"}, b.cache()).status.code, 2) << "--arch needs --compile-only";
  EXPECT_EQ(grade_cli({b.root(), "--compile-only", "--arch", "sm_90", "--compile-timeout", "0"}, b.cache()).status.code,
            2);
  const auto empty = grade_cli({(b.dir.path() / "missing").string()}, b.cache());
  EXPECT_EQ(empty.status.code, 2);
}

}  // namespace
}  // namespace judge
