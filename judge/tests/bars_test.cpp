// report/bars: bar widths in cells, the two glyph sets, scales, and when a stream gets bars.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "baseline/rank.hpp"
#include "report/bars.hpp"
#include "report/ranking.hpp"

namespace judge {
namespace {

using report::bar;
using report::BarStyle;

// Cells of a bar: one per byte in ASCII, one per code point (UTF-8 lead byte) otherwise.
std::size_t cells(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

std::size_t count(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + what.size())) ++n;
  return n;
}

// Sets an environment variable for one scope and puts the old value back.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    had_ = std::getenv(name) != nullptr;
    if (value)
      ::setenv(name, value, 1);
    else
      ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (had_)
      ::setenv(name_, old_.c_str(), 1);
    else
      ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::string old_;
  bool had_ = false;
};

TEST(Bars, AsciiFillsWholeCellsAndKeepsTheWidth) {
  EXPECT_EQ(bar(0.5, 10, BarStyle::ascii), "#####     ");
  EXPECT_EQ(bar(0.5, 10, BarStyle::ascii, /*track=*/true), "#####.....");
  EXPECT_EQ(bar(1.0, 4, BarStyle::ascii), "####");
  EXPECT_EQ(bar(2.0, 4, BarStyle::ascii), "####");  // clamped
  EXPECT_EQ(bar(0.0, 4, BarStyle::ascii), "    ");
  EXPECT_EQ(bar(std::nan(""), 4, BarStyle::ascii), "    ");
}

TEST(Bars, UnicodeFillsEighthsOfACell) {
  // 0.55 of 10 cells = 44 eighths: 5 full blocks and a half block.
  const std::string b = bar(0.55, 10, BarStyle::unicode);
  EXPECT_EQ(count(b, "\u2588"), 5u) << b;
  EXPECT_EQ(count(b, "\u258c"), 1u) << b;
  EXPECT_EQ(cells(b), 10u) << b;
  EXPECT_EQ(cells(bar(0.37, 30, BarStyle::unicode, true)), 30u);
  EXPECT_EQ(count(bar(0.0, 5, BarStyle::unicode, true), "\u2591"), 5u);
}

TEST(Bars, AnythingAboveZeroShowsTheSmallestMark) {
  EXPECT_EQ(bar(0.001, 30, BarStyle::unicode).substr(0, 3), "\u258f");
  EXPECT_EQ(bar(0.001, 30, BarStyle::ascii).substr(0, 1), "#");
}

TEST(Bars, NoneDrawsNothing) {
  EXPECT_EQ(bar(0.5, 10, BarStyle::none), "");
}

TEST(Bars, LinearAndLogScales) {
  const auto lin = report::linear_scale({1, 2, 4});
  EXPECT_DOUBLE_EQ(lin.position(2), 0.5);
  EXPECT_DOUBLE_EQ(lin.position(4), 1.0);
  // Log: from half the smallest to the largest, so each doubling adds the same length.
  const auto lg = report::log_scale({0.5, 45});
  EXPECT_DOUBLE_EQ(lg.position(45), 1.0);
  EXPECT_NEAR(lg.position(0.5), std::log(2.0) / std::log(180.0), 1e-12);
  EXPECT_NEAR(lg.position(2) - lg.position(1), lg.position(4) - lg.position(2), 1e-12);
  EXPECT_DOUBLE_EQ(report::log_scale({3}).position(3), 1.0);  // one value: a full bar
  EXPECT_DOUBLE_EQ(lg.position(0), 0.0);
}

TEST(Bars, TheLocaleDecidesUnicode) {
  ScopedEnv all("LC_ALL", nullptr), ctype("LC_CTYPE", nullptr), lang("LANG", "en_US.UTF-8");
  EXPECT_TRUE(report::locale_is_utf8());
  {
    ScopedEnv c("LC_CTYPE", "C");  // LC_CTYPE before LANG
    EXPECT_FALSE(report::locale_is_utf8());
  }
  {
    ScopedEnv a("LC_ALL", "de_DE.utf8");
    EXPECT_TRUE(report::locale_is_utf8());
  }
  ScopedEnv none("LANG", nullptr);
  EXPECT_FALSE(report::locale_is_utf8());
}

TEST(Bars, AFileGetsNoBars) {
  ScopedEnv term("TERM", "xterm");
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(report::bar_style_for(f), BarStyle::none);
  std::fclose(f);
}

baseline::Ranking ladder() {
  baseline::Ranking r;
  r.total = 3;
  r.references = 3;
  r.percentile = 50;
  r.ladder = {{"best", 0.5, false, true, "register tiles"},
              {"you", 2.0, true, false, ""},
              {"naive", 45.0, false, true, "one thread per output"}};
  return r;
}

TEST(Bars, TheLadderGetsBarsOnALogScaleOnlyWhenAsked) {
  const std::string plain = report::ranking_text(ladder(), "", false);
  EXPECT_EQ(plain.find("log scale"), std::string::npos) << plain;
  EXPECT_EQ(plain.find('#'), std::string::npos) << plain;
  EXPECT_NE(plain.find("naive"), std::string::npos);

  const std::string ascii = report::ranking_text(ladder(), "", false, BarStyle::ascii);
  EXPECT_NE(ascii.find("time, log scale"), std::string::npos) << ascii;
  // The slowest rung has the full bar; each bar is longer than the faster rung's.
  auto hashes_on = [&](const std::string& label) {
    const std::size_t at = ascii.find(label);
    const std::string line = ascii.substr(at, ascii.find('\n', at) - at);
    return count(line, "#");
  };
  EXPECT_EQ(hashes_on("naive"), 30u) << ascii;
  EXPECT_LT(hashes_on("best"), hashes_on("you")) << ascii;
  EXPECT_LT(hashes_on("you"), hashes_on("naive")) << ascii;
  // Bars have one width, so the notes after them line up.
  const std::size_t best_note = ascii.find("register tiles"), naive_note = ascii.find("one thread per output");
  EXPECT_EQ(best_note - ascii.rfind('\n', best_note), naive_note - ascii.rfind('\n', naive_note)) << ascii;

  const std::string unicode = report::ranking_text(ladder(), "", false, BarStyle::unicode);
  EXPECT_NE(unicode.find("\u2588"), std::string::npos) << unicode;
}

}  // namespace
}  // namespace judge
