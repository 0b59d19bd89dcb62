#include "util/philox.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>

namespace judge::util {
namespace {

using Block = std::array<uint32_t, 4>;
using Key = std::array<uint32_t, 2>;

// Known-answer vectors from Random123's kat_vectors ("philox4x32 10" lines).
TEST(Philox, KatZero) {
  EXPECT_EQ(philox4x32_10({0, 0, 0, 0}, {0, 0}), (Block{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}));
}

TEST(Philox, KatAllOnes) {
  EXPECT_EQ(philox4x32_10({0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, {0xffffffff, 0xffffffff}),
            (Block{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}));
}

TEST(Philox, KatPiDigits) {
  EXPECT_EQ(philox4x32_10({0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, {0xa4093822, 0x299f31d0}),
            (Block{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}));
}

TEST(Philox, UsableInConstantExpressions) {
  constexpr Block b = philox4x32_10({0, 0, 0, 0}, {0, 0});
  static_assert(b[0] == 0x6627e8d5u);
  constexpr double u = u01_53(0xffffffff, 0xffffffff);
  static_assert(u < 1.0);
  SUCCEED();
}

TEST(Philox, U01Range) {
  EXPECT_EQ(u01_53(0, 0), 0.0);
  EXPECT_EQ(u01_53(0xffffffff, 0xffffffff), 1.0 - 0x1.0p-53);
  EXPECT_EQ(u01_53(0x80000000, 0), 0.5);
  // The low 11 bits are dropped, not rounded.
  EXPECT_EQ(u01_53(0, 0x7ff), 0.0);
  EXPECT_EQ(u01_53(0, 0x800), 0x1.0p-53);
}

TEST(Philox, U01Open0Range) {
  EXPECT_EQ(u01_53_open0(0, 0), 0x1.0p-53);
  EXPECT_EQ(u01_53_open0(0xffffffff, 0xffffffff), 1.0);
  EXPECT_EQ(u01_53_open0(0x80000000, 0), 0.5 + 0x1.0p-53);
}

}  // namespace
}  // namespace judge::util
