// GPU-free tests of the mismatch analysis (explain/analyze.hpp): one output made by hand per
// pattern, as a buggy solution would leave it, and the code and sentence it must get.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "explain_scenario.hpp"

namespace judge {
namespace {

using explain::Finding;
using testing::Says;
using testing::Scenario;

TEST(ExplainUnwritten, TailAfterAVectorWidth) {
  Scenario s(1003);
  for (std::size_t i = 1000; i < 1003; ++i) s.never_write(i);
  const Finding f = s.analyze();
  EXPECT_TRUE(Says(f, "unwritten_tail", "the last 3 elements of C (from index 1000) were never written"));
  EXPECT_TRUE(Says(f, "unwritten_tail", "1000 is a multiple of 8 (N = 1003 is not)"));
  EXPECT_TRUE(Says(f, "unwritten_tail", "without a scalar loop for the remainder"));
  EXPECT_EQ(f.evidence["multiple_of"], 8);

  Scenario small(5);  // float4 without its tail at N = 5
  small.never_write(4);
  EXPECT_TRUE(Says(small.analyze(), "unwritten_tail",
                   "the last 1 element of C (from index 4) was never written: 4 "
                   "is a multiple of 4 (N = 5 is not)"));
}

TEST(ExplainUnwritten, TailAfterAGridRoundedDown) {
  Scenario s(1000);
  for (std::size_t i = 768; i < 1000; ++i) s.never_write(i);
  EXPECT_TRUE(Says(s.analyze(), "unwritten_tail", "768 is a multiple of 256, the mark of a grid rounded down"));
}

TEST(ExplainUnwritten, NothingWritten) {
  Scenario s(100);
  for (std::size_t i = 0; i < 100; ++i) s.never_write(i);
  EXPECT_TRUE(Says(s.analyze(), "nothing_written", "no element of C was written"));
}

TEST(ExplainUnwritten, ColumnsPastATileMultiple) {
  Scenario s(40 * 40);
  s.dims = {40, 40};
  for (std::size_t r = 0; r < 40; ++r)
    for (std::size_t c = 32; c < 40; ++c) s.never_write(r * 40 + c);
  EXPECT_TRUE(Says(s.analyze(), "unwritten_edge", "columns 32 to 39 of C (40 x 40) were never written"));
  EXPECT_TRUE(Says(s.analyze(), "unwritten_edge", "32 is a multiple of 32, the mark of a grid rounded down"));
}

TEST(ExplainUnwritten, RowsAndColumnsPastTileMultiples) {
  Scenario s(20 * 36);
  s.dims = {20, 36};
  for (std::size_t r = 0; r < 20; ++r)
    for (std::size_t c = 0; c < 36; ++c)
      if (r >= 16 || c >= 32) s.never_write(r * 36 + c);
  EXPECT_TRUE(Says(s.analyze(), "unwritten_edge", "rows 16 to 19 and columns 32 to 35"));
}

TEST(ExplainUnwritten, WholeBlocks) {
  Scenario s(2048);
  for (std::size_t i = 256; i < 512; ++i) s.never_write(i);
  for (std::size_t i = 1024; i < 1280; ++i) s.never_write(i);
  const Finding f = s.analyze();
  EXPECT_TRUE(Says(f, "unwritten_blocks",
                   "2 whole blocks of 256 elements of C were never written ([256, 512) and "
                   "[1024, 1280))"));
}

TEST(ExplainUnwritten, EveryFourthElement) {
  Scenario s(64);
  for (std::size_t i = 3; i < 64; i += 4) s.never_write(i);
  EXPECT_TRUE(Says(s.analyze(), "unwritten_strided", "i % 4 in {3}"));
}

TEST(ExplainUnwritten, Head) {
  Scenario s(100);
  s.never_write(0);
  EXPECT_TRUE(Says(s.analyze(), "unwritten_head", "the first 1 element of C was never written"));
}

TEST(ExplainUnwritten, ScatteredFallsBackToRanges) {
  Scenario s(100);
  s.never_write(3);
  s.never_write(50);
  s.never_write(51);
  s.never_write(77);
  EXPECT_TRUE(Says(s.analyze(), "never_written",
                   "4 of 100 elements of C were never written, in 3 ranges: [3, 4), "
                   "[50, 52) and [77, 78)"));
}

TEST(ExplainValues, InfinityWhereTheInputOverflowsExp) {
  Scenario s(50);
  s.inputs.push_back({"x", std::vector<float>(50, 1.0f)});
  s.inputs[0].second[7] = 100.0f;
  s.got[7] = INFINITY;
  s.reference_uses_exp = true;  // as softmax's does (judging/reference_facts.hpp)
  const Finding f = s.analyze();
  EXPECT_TRUE(Says(f, "nan_or_inf", "C[7] is inf where"));
  EXPECT_TRUE(Says(f, "nan_or_inf", "x[7] is 100, and exp overflows float above 88.7"));
}

TEST(ExplainValues, NanWhereTheInputIsZero) {
  Scenario s(50);
  s.inputs.push_back({"x", std::vector<float>(50, 1.0f)});
  s.inputs[0].second[9] = 0.0f;
  s.got[9] = NAN;
  EXPECT_TRUE(Says(s.analyze(), "nan_or_inf", "x[9] is 0 there: a division by zero?"));
}

TEST(ExplainValues, InPlaceElementsLeftUnchanged) {
  Scenario s(100);
  s.name = "data";
  std::vector<float> before(100);
  for (std::size_t i = 0; i < 100; ++i) before[i] = static_cast<float>(i);
  for (std::size_t i = 90; i < 100; ++i) s.got[i] = before[i];
  s.inputs.push_back({"data", before});
  EXPECT_TRUE(Says(s.analyze(), "left_unchanged",
                   "the 10 wrong elements of data still hold their values from "
                   "before solve ([90, 100))"));
}

TEST(ExplainValues, ZerosAndOneValue) {
  Scenario s(100);
  for (std::size_t i = 10; i < 20; ++i) s.got[i] = 0;
  EXPECT_TRUE(Says(s.analyze(), "wrote_zeros", "all 10 wrong elements of C are 0"));
  for (std::size_t i = 10; i < 20; ++i) s.got[i] = 42.5f;
  EXPECT_TRUE(Says(s.analyze(), "one_value", "hold the same value, 42.5"));
}

TEST(ExplainValues, SignFactorAndOffset) {
  Scenario s(100);
  for (std::size_t i = 0; i < 100; ++i) s.got[i] = -s.want[i];
  EXPECT_TRUE(Says(s.analyze(), "wrong_sign", "the opposite sign"));
  for (std::size_t i = 0; i < 100; ++i) s.got[i] = 2 * s.want[i];
  const Finding f = s.analyze();
  EXPECT_TRUE(Says(f, "constant_factor", "is 2 times the expected value"));
  EXPECT_EQ(f.evidence["factor"], 2.0);
  for (std::size_t i = 0; i < 100; ++i) s.got[i] = s.want[i] + 3;
  EXPECT_TRUE(Says(s.analyze(), "constant_offset", "the expected value plus 3"));
}

TEST(ExplainValues, ExpectedValuesShiftedOrTransposed) {
  Scenario s(100);
  for (std::size_t i = 1; i < 100; ++i) s.got[i] = s.want[i - 1];
  EXPECT_TRUE(Says(s.analyze(), "values_misplaced", "shifted by 1 (element i holds element i - 1)"));

  Scenario t(12 * 12);
  t.dims = {12, 12};
  for (std::size_t r = 0; r < 12; ++r)
    for (std::size_t c = 0; c < 12; ++c) t.got[r * 12 + c] = t.want[c * 12 + r];
  const Finding f = t.analyze();
  EXPECT_TRUE(Says(f, "values_misplaced", "transposed"));
  EXPECT_EQ(f.evidence["mapping"], "transposed");
}

TEST(ExplainValues, RowMajorAgainstColumnMajor) {
  Scenario s(6 * 10);
  s.dims = {6, 10};
  for (std::size_t r = 0; r < 6; ++r)
    for (std::size_t c = 0; c < 10; ++c) s.got[r + c * 6] = s.want[r * 10 + c];
  EXPECT_TRUE(Says(s.analyze(), "values_misplaced", "column-major"));
}

TEST(ExplainValues, InputValuesMirroredOrCopied) {
  Scenario s(100);
  std::vector<float> a(100);
  for (std::size_t i = 0; i < 100; ++i) a[i] = 1000.0f + static_cast<float>(i);
  s.inputs.push_back({"A", a});
  for (std::size_t i = 0; i < 100; ++i) s.got[i] = a[99 - i];
  EXPECT_TRUE(Says(s.analyze(), "input_values_misplaced", "values of A, mirrored"));
  for (std::size_t i = 0; i < 100; ++i) s.got[i] = a[i];
  EXPECT_TRUE(Says(s.analyze(), "input_copied", "the values of A at the same positions"));
}

TEST(ExplainValues, InputValuesFromScatteredPositionsIsARace) {
  Scenario s(1000);
  std::vector<float> a(1000);
  for (std::size_t i = 0; i < 1000; ++i) a[i] = 1000.0f + static_cast<float>((i * 7919) % 1000);
  s.inputs.push_back({"input", a});
  for (std::size_t i = 100; i < 400; ++i) s.got[i] = a[(i * 31 + 5) % 1000];
  EXPECT_TRUE(Says(s.analyze(), "input_values_misplaced", "values that input holds at other positions: a race"));
}

TEST(ExplainValues, PrecisionWithAnErrorThatGrows) {
  Scenario s(1000);
  for (std::size_t i = 0; i < 1000; ++i) s.want[i] = 100.0f;
  for (std::size_t i = 0; i < 1000; ++i) s.got[i] = 100.0f * (1 + 1e-6f * static_cast<float>(i) / 10);
  const Finding f = s.analyze();
  EXPECT_TRUE(Says(f, "precision", "close to the expected ones but outside the tolerance"));
  EXPECT_TRUE(Says(f, "precision", "the error grows along the output"));
}

TEST(ExplainValues, OneColumnPastATile) {
  Scenario s(37);
  s.dims = {37, 1};
  for (std::size_t i = 32; i < 37; ++i) s.never_write(i);
  EXPECT_TRUE(Says(s.analyze(), "unwritten_edge",
                   "rows 32 to 36 of C (37 x 1) were never written: 32 is a multiple "
                   "of 32"));
}

TEST(ExplainValues, EveryBlockRepeatsTheFirst) {
  Scenario s(4097);
  for (std::size_t i = 0; i < 4097; ++i) s.want[i] = static_cast<float>(i + 1);
  for (std::size_t i = 0; i < 4097; ++i) s.got[i] = static_cast<float>(i % 1024 + 1);
  EXPECT_TRUE(Says(s.analyze(), "values_misplaced", "element i holds element i % 1024"));
}

TEST(ExplainValues, WrongAtTheEdgesOfEveryTile) {
  Scenario s(1000);
  for (std::size_t i = 0; i < 992; ++i)
    if (i % 16 >= 13) s.got[i] = s.want[i] * 0.5f + 1.0f + static_cast<float>(i % 7);
  EXPECT_TRUE(Says(s.analyze(), "wrong_at_tile_positions", "(positions 13 to 15 of each 16)"));
}

TEST(ExplainValues, ScalarOutputsSayTheValue) {
  Scenario s(1);
  s.want[0] = 10;
  s.got[0] = 12;
  EXPECT_TRUE(Says(s.analyze(), "wrong_values", "C is 12 where 10 was expected (20% too high)"));
}

TEST(ExplainValues, NothingSimpleFallsBackToRanges) {
  Scenario s(100);
  for (std::size_t i = 20; i < 30; ++i) s.got[i] = static_cast<float>(i * i) - 7.0f;
  EXPECT_TRUE(Says(s.analyze(), "wrong_values",
                   "10 of 100 elements of C differ from the expected values, in 1 "
                   "range: [20, 30)"));
}

TEST(ExplainValues, WrongAndUnwrittenTogether) {
  Scenario s(100);
  for (std::size_t i = 0; i < 10; ++i) s.got[i] = -s.want[i];
  s.never_write(99);
  EXPECT_TRUE(Says(s.analyze(), "wrong_sign", "; besides, 1 element was never written"));
}

TEST(ExplainMap, ShowsWhereOnA2DOutput) {
  Scenario s(16 * 16);
  s.dims = {16, 16};
  for (std::size_t r = 0; r < 16; ++r)
    for (std::size_t c = 12; c < 16; ++c) s.never_write(r * 16 + c);
  s.got[0] = -s.want[0];
  const auto map = explain::where_map(s.mismatches(), 4, 8);
  ASSERT_EQ(map.size(), 5u);
  EXPECT_EQ(map[0], "x.....__");
  EXPECT_EQ(map[3], "......__");
  EXPECT_EQ(map[4], "(each cell 4 x 2 elements: . right, x wrong, _ never written)");
}

TEST(ExplainMap, FoldsALongVectorIntoLines) {
  Scenario s(1000);
  for (std::size_t i = 992; i < 1000; ++i) s.never_write(i);
  const auto map = explain::where_map(s.mismatches(), 4, 16);
  ASSERT_EQ(map.size(), 5u);
  EXPECT_EQ(map[0], std::string(16, '.'));
  EXPECT_EQ(map[3].back(), '_');
  EXPECT_EQ(map[4], "(each cell 16 elements: . right, x wrong, _ never written)");
  EXPECT_TRUE(explain::where_map(Scenario(8).mismatches()).empty()) << "tiny outputs need no map";
}

}  // namespace
}  // namespace judge
