// Randomized robustness: the splitter must return (never crash or hang) on mutations of the
// shipped solutions and on raw bytes, and both halves must keep the line count whenever the
// input is split at all. Deterministic seeds, so a failure reproduces.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "compile/splitter.hpp"
#include "test_support.hpp"
#include "util/read_file.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> corpus() {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(testing::source_root() / "solutions"))
    if (e.path().extension() == ".cu")
      if (auto t = util::read_text_file(e.path())) out.push_back(*t);
  std::sort(out.begin(), out.end());
  return out;
}

std::size_t newlines(const std::string& s) {
  return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

// Tokens that stress the lexer and the scope tracking when spliced in at random places.
const char* const kSplices[] = {"{",
                                "}",
                                "(",
                                ")",
                                "<<<",
                                ">>>",
                                "\"",
                                "'",
                                "R\"x(",
                                "/*",
                                "*/",
                                "//",
                                "#if 1\n",
                                "\\\n",
                                "template <",
                                ">",
                                ";",
                                "namespace {",
                                "extern \"C\" {",
                                "__global__ ",
                                "__device__ ",
                                "cudaMemcpyToSymbol(",
                                "::",
                                "\0"};

std::string mutate(std::string s, std::mt19937& rng) {
  const int edits = 1 + static_cast<int>(rng() % 8);
  for (int e = 0; e < edits && !s.empty(); ++e) {
    const std::size_t at = rng() % s.size();
    switch (rng() % 4) {
      case 0:
        s.erase(at, 1 + rng() % 40);
        break;
      case 1:
        s.insert(at, kSplices[rng() % std::size(kSplices)]);
        break;
      case 2:
        s[at] = static_cast<char>(rng() % 256);
        break;
      default:
        s.insert(at, s.substr(rng() % s.size(), rng() % 200));
        break;
    }
  }
  return s;
}

TEST(SplitterFuzz, MutatedSolutionsKeepLineCounts) {
  const std::vector<std::string> files = corpus();
  ASSERT_FALSE(files.empty());
  std::mt19937 rng(20240611);
  for (int i = 0; i < 3000; ++i) {
    const std::string input = mutate(files[rng() % files.size()], rng);
    const compile::SplitResult r = compile::split_source(input);
    ASSERT_EQ(newlines(r.device_source), newlines(input)) << "seed iteration " << i;
    ASSERT_EQ(newlines(r.host_source), newlines(input)) << "seed iteration " << i;
  }
}

TEST(SplitterFuzz, RandomBytesNeverCrash) {
  std::mt19937 rng(7);
  for (int i = 0; i < 2000; ++i) {
    std::string input(rng() % 512, '\0');
    for (char& c : input) c = static_cast<char>(rng() % 256);
    const compile::SplitResult r = compile::split_source(input);
    ASSERT_EQ(newlines(r.host_source), newlines(input)) << "iteration " << i;
  }
}

}  // namespace
}  // namespace judge
