#include "util/spell.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace judge::util {
namespace {

TEST(EditDistance, Basics) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("abc", ""), 3u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("abc", "abc"), 0u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("flaw", "lawn"), 2u);
  EXPECT_EQ(edit_distance("matmul", "matmult"), 1u);  // insertion
  EXPECT_EQ(edit_distance("softmax", "sofmax"), 1u);  // deletion
  EXPECT_EQ(edit_distance("reduce", "reduse"), 1u);   // substitution
  EXPECT_EQ(edit_distance("ab", "ba"), 2u);           // a transposition costs two
}

TEST(EditDistance, Symmetric) {
  EXPECT_EQ(edit_distance("vector_add", "vec_add"), edit_distance("vec_add", "vector_add"));
  EXPECT_EQ(edit_distance("intercontinental", "incontinent"), edit_distance("incontinent", "intercontinental"));
}

const std::vector<std::string> kNames = {"vector_add", "matmul", "matrix_transpose", "softmax", "reduction", "relu"};

TEST(ClosestMatch, PicksTheNearest) {
  EXPECT_EQ(closest_match("matmull", kNames), "matmul");
  EXPECT_EQ(closest_match("sofmax", kNames), "softmax");
  EXPECT_EQ(closest_match("relu", kNames), "relu");
  EXPECT_EQ(closest_match("vectr_add", kNames), "vector_add");
}

TEST(ClosestMatch, TiesGoToTheFirstCandidate) {
  EXPECT_EQ(closest_match("ab", {"xb", "ax", "ab_long"}), "xb");
  EXPECT_EQ(closest_match("ab", {"ax", "xb"}), "ax");
}

TEST(ClosestMatch, RespectsMaxDistance) {
  EXPECT_EQ(closest_match("completely_different", kNames), std::nullopt);
  EXPECT_EQ(closest_match("mtmul", kNames, 0), std::nullopt);
  EXPECT_EQ(closest_match("mtmul", kNames, 1), "matmul");
}

TEST(ClosestMatch, PrefixWhenNothingIsClose) {
  // "mat" is 3 edits from "matmul" but also a prefix of "matrix_transpose"; the edit
  // distance match wins when there is one.
  EXPECT_EQ(closest_match("mat", kNames), "matmul");
  EXPECT_EQ(closest_match("mat", kNames, 1), "matmul");  // first prefixed candidate
  EXPECT_EQ(closest_match("matrix", kNames, 1), "matrix_transpose");
  EXPECT_EQ(closest_match("vector", kNames), "vector_add");
}

TEST(ClosestMatch, EmptyInputs) {
  EXPECT_EQ(closest_match("", kNames), std::nullopt);
  EXPECT_EQ(closest_match("matmul", {}), std::nullopt);
}

}  // namespace
}  // namespace judge::util
