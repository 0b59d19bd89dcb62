// Local headers inlined before the split: once per file, #line markers, lines mapped back.
#include "compile/local_includes.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "compile/splitter.hpp"
#include "test_support.hpp"
#include "util/read_file.hpp"

namespace judge {
namespace {

TEST(LocalIncludes, InlinesEachHeaderOnceBetweenLineMarkers) {
  testing::TempDir dir;
  dir.write("common.cuh", "#pragma once\nconstexpr int kN = 4;\n");
  dir.write("k.cuh", "#include \"common.cuh\"\n__global__ void k(float* p) { p[0] = kN; }\n");
  const auto src = dir.write("sol.cu",
                             "#include \"k.cuh\"\n#include \"common.cuh\"\n#include \"missing.h\"\n"
                             "void go(float* p) { k<<<1, 1>>>(p); }\n");
  auto text = util::read_text_file(src);
  ASSERT_TRUE(text);
  const auto in = compile::inline_local_includes(src, *text, "dir/sol.cu", {}, {});
  EXPECT_EQ(in.headers.size(), 2u);
  EXPECT_NE(in.text.find("#line 1 \"dir/k.cuh\"\n"), std::string::npos) << in.text;
  EXPECT_NE(in.text.find("#line 1 \"dir/common.cuh\"\n"), std::string::npos) << in.text;
  EXPECT_NE(in.text.find("#line 2 \"dir/sol.cu\""), std::string::npos) << in.text;
  EXPECT_EQ(in.text.find("#pragma once"), std::string::npos) << in.text;
  EXPECT_NE(in.text.find("#include \"missing.h\""), std::string::npos) << "left for the compilers: " << in.text;
  // Lines of the result map back to their file and line.
  const auto line_of = [&](std::string_view what) {
    const auto at = static_cast<long>(in.text.find(what));
    return static_cast<int>(std::count(in.text.begin(), in.text.begin() + at, '\n')) + 1;
  };
  EXPECT_EQ(in.locate(line_of("__global__")), std::make_pair(std::string("dir/k.cuh"), 2));
  EXPECT_EQ(in.locate(line_of("constexpr")), std::make_pair(std::string("dir/common.cuh"), 2));
  EXPECT_EQ(in.locate(line_of("void go")), std::make_pair(std::string(), 4));

  // The splitter then sees the header's kernel and the launch in the file.
  const auto split = compile::split_source(in.text);
  EXPECT_TRUE(split.unsupported.empty());
  EXPECT_EQ(split.kernels, 1);
  EXPECT_EQ(split.launches, 1);
}

TEST(LocalIncludes, ProvidedHeaderOnlyWhenTheUserHasNone) {
  testing::TempDir dir;
  const auto src = dir.write("sol.cu", "#include \"solve.h\"\nvoid solve(int n) {}\n");
  const std::map<std::string, std::string> provided = {{"solve.h", "// judge's\nvoid solve(int n);\n"}};
  const auto ours = compile::inline_local_includes(src, *util::read_text_file(src), "sol.cu", {}, provided);
  EXPECT_NE(ours.text.find("// judge's"), std::string::npos) << ours.text;
  EXPECT_TRUE(ours.headers.empty());
  dir.write("solve.h", "// user's\nvoid solve(int n);\n");
  const auto theirs = compile::inline_local_includes(src, *util::read_text_file(src), "sol.cu", {}, provided);
  EXPECT_NE(theirs.text.find("// user's"), std::string::npos) << theirs.text;
  EXPECT_EQ(theirs.text.find("// judge's"), std::string::npos) << theirs.text;
}

}  // namespace
}  // namespace judge
