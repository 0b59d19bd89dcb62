// Progress lines (util/progress.hpp): only on a terminal, never with --json, only after a delay.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "util/progress.hpp"

namespace judge {
namespace {

std::string contents(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string s;
  for (int c; (c = std::fgetc(f)) != EOF;) s += static_cast<char>(c);
  return s;
}

TEST(Progress, NotWantedOffATerminalOrWithJson) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  EXPECT_FALSE(util::progress_wanted(file, false));  // a file is not a terminal
  EXPECT_FALSE(util::progress_wanted(file, true));
  EXPECT_FALSE(util::progress_wanted(stderr, true));  // --json: never, even on a terminal
  std::fclose(file);
}

TEST(Progress, DisabledWritesNothing) {
  std::FILE* file = std::tmpfile();
  {
    util::ProgressLine p(file, false, std::chrono::milliseconds(0));
    p.step("generating inputs", 0.5);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    p.clear();
    p.print_above("a log line");  // log lines are written whatever the setting
  }
  EXPECT_EQ(contents(file), "a log line\n");
  std::fclose(file);
}

TEST(Progress, ShownOnlyAfterTheDelayAndErasedAtTheEnd) {
  std::FILE* file = std::tmpfile();
  {
    util::ProgressLine quick(file, true, std::chrono::milliseconds(60000));
    quick.step("short step");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
  }
  EXPECT_EQ(contents(file), "") << "a step shorter than the delay never shows";
  {
    util::ProgressLine slow(file, true, std::chrono::milliseconds(0));
    slow.step("timing", 0.25);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  const std::string out = contents(file);
  EXPECT_NE(out.find("timing  [######                  ]  25%"), std::string::npos) << out;
  EXPECT_TRUE(out.ends_with("\r\033[K")) << "the line is erased when done";
  std::fclose(file);
}

TEST(Progress, RendersTextBarAndTime) {
  EXPECT_EQ(util::ProgressLine::render("x", std::nullopt, 1.26), "x  1.3 s");
  EXPECT_EQ(util::ProgressLine::render("x", 1.0, 3), "x  [########################] 100%  3.0 s");
}

}  // namespace
}  // namespace judge
