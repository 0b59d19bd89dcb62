// Every CPU reference must reproduce the literal expected values written in its test cases
// (the statement's examples and any hand-computed functional case), so a wrong reference
// cannot ship.
#include <gtest/gtest.h>

#include "check/compare.hpp"
#include "gen/generate.hpp"
#include "judging/case_data.hpp"
#include "reference/reference.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

TEST(References, EveryChallengeHasOne) {
  for (const std::string& slug : testing::catalog().slugs()) EXPECT_NE(reference::find(slug), nullptr) << slug;
}

TEST(References, MatchLiteralExpectedValues) {
  const spec::Catalog cat = testing::catalog();
  int checked = 0;
  for (const std::string& slug : cat.slugs()) {
    auto c = cat.challenge(slug);
    ASSERT_TRUE(c) << c.error().message;
    auto suite = cat.testcases(*c);
    ASSERT_TRUE(suite) << suite.error().message;
    for (const spec::TestCase& tc : suite->cases) {
      if (tc.expected.empty()) continue;
      // Inputs as the judge makes them, then the reference.
      std::map<std::string, std::vector<unsigned char>, std::less<>> storage, outputs;
      std::map<std::string, const void*, std::less<>> inputs;
      std::map<std::string, std::size_t, std::less<>> counts;
      for (const spec::Param& p : c->params) {
        if (!p.pointer) continue;
        auto dims = spec::buffer_dims(p, tc.scalars);
        ASSERT_TRUE(dims);
        std::size_t n = 1;
        for (auto d : *dims) n *= static_cast<std::size_t>(d);
        counts[p.name] = n;
        if (p.role == spec::Role::out) continue;
        auto& buf = storage[p.name];
        buf.resize(n * spec::dtype_bytes(p.type));
        gen::generate(tc.inputs.at(p.name), p.type, tc.seed, p.name, buf.data(), n);
        inputs[p.name] = buf.data();
      }
      auto s = judging::run_reference(*c, tc, inputs, outputs, counts);
      ASSERT_TRUE(s) << s.error().message;
      for (const auto& [name, values] : tc.expected) {
        const spec::Param* p = c->find_param(name);
        std::vector<unsigned char> want(values.size() * spec::dtype_bytes(p->type));
        spec::InputSource lit;
        lit.values = values;
        gen::generate(lit, p->type, 0, name, want.data(), values.size());
        check::CompareOptions opt;
        opt.type = p->type;
        opt.tolerance = c->tolerance;
        opt.dims = {static_cast<std::int64_t>(values.size())};
        const auto cmp = check::compare_buffer(name, outputs.at(name).data(), want.data(), values.size(), opt);
        EXPECT_TRUE(cmp.ok()) << slug << " case " << tc.name << ": " << name << " differs at "
                              << (cmp.first.empty() ? 0 : cmp.first[0].index) << " (got "
                              << (cmp.first.empty() ? 0 : cmp.first[0].got) << ", expected "
                              << (cmp.first.empty() ? 0 : cmp.first[0].want) << ")";
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 5);
}

}  // namespace
}  // namespace judge
