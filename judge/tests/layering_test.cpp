// The module layering (docs/ARCHITECTURE.md#modules): every `#include "..."` under judge/src is one
// the table there allows, and the allowed graph has no cycle. The checker (layering.hpp) is tested
// first on small made-up trees, so a passing run on the real tree means something.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "layering.hpp"
#include "test_support.hpp"

namespace judge::testing::layering {
namespace {

const char* const kSmallTable = R"(# A made-up project

| module | files | job |
| --- | --- | --- |
| low | b | not this table |

| module | may include |
| --- | --- |
| low | nothing of ours |
| mid | `low` |
| high | low, mid |

Text after the table.
)";

std::string describe(const std::vector<Problem>& problems) {
  std::string out;
  for (const Problem& p : problems)
    out += "judge/src/" + p.file + ":" + std::to_string(p.line) + ": " + p.message + "\n";
  return out;
}

TEST(LayeringChecker, ReadsTheMayIncludeTableOnly) {
  const Table t = parse_table(kSmallTable);
  EXPECT_TRUE(t.errors.empty()) << t.errors.front();
  const Allowed want = {{"low", {}}, {"mid", {"low"}}, {"high", {"low", "mid"}}};
  EXPECT_EQ(t.allowed, want);
}

TEST(LayeringChecker, TableErrorsAreNamed) {
  EXPECT_FALSE(parse_table("| module | files |\n| --- | --- |\n| a | b |\n").errors.empty());
  const Table t = parse_table("| module | may include |\n| --- | --- |\n| a | b, c d |\n| a | nothing of ours |\n");
  const std::set<std::string> got(t.errors.begin(), t.errors.end());
  EXPECT_TRUE(got.count("row a: 'c d' is not a module name")) << ::testing::PrintToString(t.errors);
  EXPECT_TRUE(got.count("module a has two rows")) << ::testing::PrintToString(t.errors);
  EXPECT_TRUE(got.count("row a names b, which has no row")) << ::testing::PrintToString(t.errors);
}

TEST(LayeringChecker, ModulesAreFoldersAndTopLevelStems) {
  EXPECT_EQ(module_of("exec/timing.cpp"), "exec");
  EXPECT_EQ(module_of("compile/split/model.hpp"), "compile");
  EXPECT_EQ(module_of("main.cpp"), "main");
  EXPECT_EQ(module_of("build_info.hpp"), "build_info");
}

TEST(LayeringChecker, ReportsABackArrowWithFileAndLine) {
  const Allowed allowed = parse_table(kSmallTable).allowed;
  const std::vector<SourceFile> files = {
      {"low/b.hpp", "#pragma once\n"},
      {"low/b.cpp", "#include \"low/b.hpp\"\n#include \"b.hpp\"\n\n  #  include \"high/a.hpp\"  // back up\n"},
      {"mid/m.hpp", "#include <vector>\n#include \"low/b.hpp\"\n"},
      {"high/a.hpp", "#include \"mid/m.hpp\"\n#include \"low/b.hpp\"\n"},
  };
  const std::vector<Problem> p = check_includes(allowed, files);
  ASSERT_EQ(p.size(), 1u) << describe(p);
  EXPECT_EQ(p[0].file, "low/b.cpp");
  EXPECT_EQ(p[0].line, 4u);
  EXPECT_EQ(p[0].message, "low may not include high (high/a.hpp)");
}

TEST(LayeringChecker, SkipsWhatIsNotAnIncludeOfOurs) {
  const Allowed allowed = parse_table(kSmallTable).allowed;
  const std::vector<SourceFile> files = {
      {"high/a.hpp", ""},
      {"low/b.cpp",
       "// #include \"high/a.hpp\" in a comment\n"
       "#include \"generated_ptx.inc\"\n"                  // generated: not under judge/src
       "const char* t = R\"(\n#include \"{0}\"\n)\";\n"},  // text in a string
  };
  EXPECT_TRUE(check_includes(allowed, files).empty()) << describe(check_includes(allowed, files));
}

TEST(LayeringChecker, AFileOfAModuleWithoutARowIsReported) {
  const std::vector<Problem> p = check_includes(parse_table(kSmallTable).allowed, {{"extra/x.cpp", ""}});
  ASSERT_EQ(p.size(), 1u);
  EXPECT_EQ(p[0].file, "extra/x.cpp");
  EXPECT_EQ(p[0].message, "module extra has no row in the table");
}

TEST(LayeringChecker, FindsACycleInTheAllowedGraph) {
  EXPECT_EQ(find_cycle(parse_table(kSmallTable).allowed), "");
  EXPECT_EQ(find_cycle({{"a", {"b"}}, {"b", {"c"}}, {"c", {"a"}}, {"d", {"a"}}}), "a -> b -> c -> a");
  EXPECT_EQ(find_cycle({{"a", {"a"}}}), "a -> a");
}

// The real tree: the table in docs/ARCHITECTURE.md and every source file under judge/src.

Table architecture_table() {
  std::ifstream in(source_root() / "docs" / "ARCHITECTURE.md");
  std::stringstream text;
  text << in.rdbuf();
  return parse_table(text.str());
}

std::vector<SourceFile> judge_sources() {
  const std::set<std::string> extensions = {".cpp", ".hpp", ".h", ".cu", ".cuh", ".inc"};
  const std::filesystem::path src = source_root() / "judge" / "src";
  std::vector<SourceFile> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(src)) {
    if (!e.is_regular_file() || !extensions.count(e.path().extension().string())) continue;
    std::ifstream in(e.path());
    std::stringstream text;
    text << in.rdbuf();
    files.push_back({e.path().lexically_relative(src).generic_string(), text.str()});
  }
  return files;
}

TEST(Layering, ArchitectureTableReadsAndHasNoCycle) {
  const Table t = architecture_table();
  EXPECT_TRUE(t.errors.empty()) << ::testing::PrintToString(t.errors);
  EXPECT_GE(t.allowed.size(), 16u);
  EXPECT_TRUE(t.allowed.at("util").empty()) << "util includes nothing of ours";
  EXPECT_EQ(find_cycle(t.allowed), "");
}

TEST(Layering, EveryIncludeUnderJudgeSrcIsAllowed) {
  const std::vector<SourceFile> files = judge_sources();
  ASSERT_GT(files.size(), 100u);
  const std::vector<Problem> p = check_includes(architecture_table().allowed, files);
  EXPECT_TRUE(p.empty()) << describe(p)
                         << "(docs/ARCHITECTURE.md#modules: move the code, or add the arrow to the table)";
}

TEST(Layering, EveryRowOfTheTableIsAModule) {
  std::set<std::string> modules;
  for (const SourceFile& f : judge_sources()) modules.insert(module_of(f.path));
  for (const auto& [module, may] : architecture_table().allowed)
    EXPECT_TRUE(modules.count(module)) << "docs/ARCHITECTURE.md lists " << module << ", which judge/src does not have";
}

}  // namespace
}  // namespace judge::testing::layering
