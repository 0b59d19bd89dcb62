// Every CPU reference must reproduce the literal expected values written in its test cases
// (the statement's examples and any hand-computed functional case), so a wrong reference
// cannot ship.
#include <gtest/gtest.h>

#include "content/reference_check.hpp"
#include "reference/reference.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

TEST(References, EveryChallengeHasOne) {
  for (const std::string& slug : testing::catalog().slugs()) EXPECT_NE(reference::find(slug), nullptr) << slug;
}

TEST(References, MatchLiteralExpectedValues) {
  const spec::Catalog cat = testing::catalog();
  std::size_t checked = 0;
  for (const std::string& slug : cat.slugs()) {
    auto c = cat.challenge(slug);
    ASSERT_TRUE(c) << c.error().message;
    auto suite = cat.testcases(*c);
    ASSERT_TRUE(suite) << suite.error().message;
    for (const spec::TestCase& tc : suite->cases) {
      if (tc.expected.empty()) continue;
      auto mismatches = content::check_expected(*c, tc);
      ASSERT_TRUE(mismatches) << mismatches.error().message;
      for (const content::ExpectedMismatch& m : *mismatches)
        ADD_FAILURE() << slug << " case " << tc.name << ": " << m.buffer << " differs at " << m.index << " (got "
                      << m.got << ", expected " << m.want << "; " << m.mismatches << " of " << m.count << ")";
      checked += tc.expected.size();
    }
  }
  EXPECT_GE(checked, 5u);
}

}  // namespace
}  // namespace judge
