// Reading README.md as `judge validate` does (content/readme_parse) and comparing signatures
// (content/signature): pure text, GPU-free.
#include <gtest/gtest.h>

#include <cmath>

#include "content/readme_parse.hpp"
#include "content/signature.hpp"

namespace judge {
namespace {

TEST(ReadmeParse, FindsExamplesUnderBothHeadingStyles) {
  const content::Readme r = content::parse_readme(
      "# T\n\n## Examples\n\nExample 1: caption\n\n```\nN = 1\n```\n\nExample 2\n\n```\nN = 2\n```\n\n"
      "## Example 3\n\ntext\n\n```cpp\nint x;\n```\n\n```\nN = 3\n```\n\n## Notes\n\nExample 4 is not one\n");
  ASSERT_EQ(r.examples.size(), 3u);
  EXPECT_EQ(r.examples[0].number, 1);
  EXPECT_EQ(r.examples[0].line, 5);
  ASSERT_TRUE(r.examples[0].block);
  EXPECT_EQ(r.examples[0].block->lines.at(0), "N = 1");
  EXPECT_EQ(r.examples[2].number, 3);
  ASSERT_TRUE(r.examples[2].block);  // the bare block, not the cpp one
  EXPECT_EQ(r.examples[2].block->lines.at(0), "N = 3");
  EXPECT_NE(r.section("Notes"), nullptr);
  EXPECT_EQ(r.section("Constraints"), nullptr);
}

TEST(ReadmeParse, ReadsAssignmentsWithNestedListsAndQualifiers) {
  content::CodeBlock b{"", 10, {"M = 2, N = 3", "A = [[1, -2.5],", "     [3e2, nan]]", "img (before) = [-inf, 0]"}};
  auto a = content::parse_assignments(b);
  ASSERT_TRUE(a) << a.error().message;
  ASSERT_EQ(a->size(), 4u);
  EXPECT_EQ((*a)[1].name, "N");
  EXPECT_EQ((*a)[1].line, 11);
  EXPECT_FALSE((*a)[1].list);
  ASSERT_EQ((*a)[2].values.size(), 4u);
  EXPECT_EQ((*a)[2].values[1], -2.5);
  EXPECT_EQ((*a)[2].values[2], 300);
  EXPECT_TRUE(std::isnan((*a)[2].values[3]));
  EXPECT_EQ((*a)[2].line, 12);
  EXPECT_EQ((*a)[3].qualifier, "before");
  EXPECT_TRUE(std::isinf((*a)[3].values[0]));
}

TEST(ReadmeParse, SaysWhichLineIsNotAnAssignment) {
  content::CodeBlock b{"", 20, {"N = 3", "B = the same matrix"}};
  auto a = content::parse_assignments(b);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().message, "line 22: expected a number (or nan, inf, -inf), found 'the same matrix'");
  content::CodeBlock c{"", 1, {"before: [1, 2]"}};
  EXPECT_EQ(content::parse_assignments(c).error().message, "line 2: expected '=' after 'before', found ': [1, 2]'");
  content::CodeBlock d{"", 1, {"A = [1, 2"}};
  EXPECT_FALSE(content::parse_assignments(d));
}

TEST(Signature, NormalizesSpacingAndTheEnd) {
  EXPECT_EQ(content::normalize_signature("extern \"C\" void solve(const float *A,int N);"),
            content::normalize_signature("extern  \"C\"  void solve( const float* A, int N ) {"));
  EXPECT_NE(content::normalize_signature("extern \"C\" void solve(const float* A, int N)"),
            content::normalize_signature("extern \"C\" void solve(float* A, int N)"));
}

TEST(Signature, OfficialSpellingsBindToTheSpecTypes) {
  EXPECT_EQ(content::dtype_of_declared("half"), spec::DType::float16);
  EXPECT_EQ(content::dtype_of_declared("int8_t"), spec::DType::int8);
  EXPECT_EQ(content::dtype_of_declared("unsigned char"), spec::DType::uint8);
  EXPECT_FALSE(content::dtype_of_declared("double"));
  auto p = content::parse_signature("extern \"C\" void solve(const __half* A, half* B, int N)", "test");
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_EQ(p->params[0].base, "half");
  EXPECT_TRUE(p->params[0].pointee_const);
}

}  // namespace
}  // namespace judge
