// `judge validate` on an example marked "generated": true (inputs too large for the statement to
// list): its README block gives the scalars only, which are compared; its buffers are described in
// words and need no literal values or expected outputs. Literal examples keep every check. On a
// copy of the shipped vector-addition whose example-1 is made generated. GPU-free; no compiling.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "content/validate.hpp"
#include "test_support.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

const char* const kLiteralBlock =
    "N = 4\nA = [1.0, 2.5, -3.0, 0.0]\nB = [4.0, -0.5, -3.0, 7.0]\nC = [5.0, 2.0, -6.0, 7.0]\n";

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void edit(const fs::path& p, const std::string& from, const std::string& to) {
  std::string text = read(p);
  const std::size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos) << p << " has no '" << from << "'";
  text.replace(at, from.size(), to);
  std::ofstream(p) << text;
}

class ValidateGeneratedExample : public ::testing::Test {
 protected:
  // A copy of vector-addition whose example-1 draws A and B (generated: true), and whose statement
  // says so in words with a block of N alone.
  void SetUp() override {
    const fs::path src = testing::source_root();
    fs::create_directories(root() / "challenges");
    fs::create_directories(root() / "testcases");
    fs::create_directories(root() / "solutions");
    fs::copy(src / "challenges/vector-addition", root() / "challenges/vector-addition", fs::copy_options::recursive);
    fs::copy(src / "solutions/vector-addition", root() / "solutions/vector-addition", fs::copy_options::recursive);
    fs::copy(src / "testcases/vector-addition.json", cases());
    nlohmann::json j = nlohmann::json::parse(read(cases()));
    nlohmann::json& ex = j["cases"][0];
    ASSERT_EQ(ex["name"], "example-1");
    ex["inputs"] = {{"A", {{"uniform", {-1, 1}}}}, {"B", {{"normal", {0, 1}}}}};
    ex.erase("expected");
    ex["generated"] = true;
    std::ofstream(cases()) << j.dump(1);
    edit(readme(), kLiteralBlock, "N = 4\n");
    edit(readme(), "Example 2\n", "`A` is drawn from U(-1, 1) and `B` from N(0, 1); `C` is their sum.\n\nExample 2\n");
  }
  fs::path root() const { return dir_.path() / "catalog"; }
  fs::path cases() const { return root() / "testcases/vector-addition.json"; }
  fs::path readme() const { return root() / "challenges/vector-addition/README.md"; }
  std::string problems() const {
    content::ValidateOptions o;
    o.baselines = false;
    auto r = content::validate(spec::Catalog(root()), {"vector-addition"}, o);
    EXPECT_TRUE(r) << r.error().message;
    std::string s;
    for (const content::Problem& p : r->challenges.at(0).problems) s += content::format_problem(p) + "\n";
    return s;
  }
  testing::TempDir dir_;
};

TEST_F(ValidateGeneratedExample, PassesWithItsScalarsAndWords) {
  EXPECT_EQ(problems(), "");
}

TEST_F(ValidateGeneratedExample, ItsScalarsAreStillCompared) {
  edit(readme(), "N = 4\n", "N = 6\n");
  const std::string p = problems();
  EXPECT_NE(p.find("(Example 1): N is 6 here, 4 in testcases/vector-addition.json example-1 (scalars)"),
            std::string::npos)
      << p;
  edit(readme(), "N = 6\n", "");
  EXPECT_NE(problems().find("(Example 1): no value for 'N'"), std::string::npos) << problems();
}

TEST_F(ValidateGeneratedExample, ABufferLineIsAProblem) {
  edit(readme(), "N = 4\n", "N = 4\nA = [1.0, 2.5, -3.0, 0.0]\n");
  const std::string p = problems();
  EXPECT_NE(p.find("(Example 1): testcases/vector-addition.json example-1 is generated (\"generated\": true): "
                   "describe 'A' in words"),
            std::string::npos)
      << p;
  EXPECT_EQ(std::count(p.begin(), p.end(), '\n'), 1) << p;
}

TEST_F(ValidateGeneratedExample, LiteralExamplesKeepEveryCheck) {
  // Example 2 stays literal: its values are still compared one by one.
  edit(readme(), "C = [1.0, 0.0, 0.5, -49.75, -5.0]", "C = [1.0, 0.0, 0.5, -49.75, -5.5]");
  std::string p = problems();
  EXPECT_NE(p.find("(Example 2): C[4] is -5.5 here, -5 in"), std::string::npos) << p;
  // Without the mark, generated inputs in an example are refused as before.
  nlohmann::json j = nlohmann::json::parse(read(cases()));
  j["cases"][0].erase("generated");
  std::ofstream(cases()) << j.dump(1);
  p = problems();
  EXPECT_NE(p.find("$.cases[0].inputs.A: an example's inputs are literal values"), std::string::npos) << p;
  EXPECT_NE(p.find("$.cases[0].expected: no expected values for C"), std::string::npos) << p;
}

}  // namespace
}  // namespace judge
