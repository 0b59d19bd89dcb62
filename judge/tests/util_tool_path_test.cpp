#include "util/tool_path.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace judge::util {
namespace {
namespace fs = std::filesystem;

// A scratch folder with executables in it, and PATH and the override variable set for the test
// (both put back afterwards).
class ToolPath : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("judge-tool-path-" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "on-path");
    fs::create_directories(dir_ / "toolkit");
    if (const char* p = std::getenv("PATH")) old_path_ = p;
    ::setenv("PATH", (dir_ / "on-path").c_str(), 1);
    ::unsetenv("JUDGE_TEST_TOOL");
  }
  void TearDown() override {
    ::setenv("PATH", old_path_.c_str(), 1);
    ::unsetenv("JUDGE_TEST_TOOL");
    fs::remove_all(dir_);
  }
  fs::path make(const fs::path& p, bool exec = true) {
    std::ofstream(p) << "#!/bin/sh\n";
    fs::permissions(p, exec ? fs::perms::owner_all : fs::perms::owner_read | fs::perms::owner_write);
    return p;
  }
  Result<fs::path> find(const std::vector<fs::path>& candidates) {
    return find_tool("tool", "JUDGE_TEST_TOOL", candidates, "tool not found", ": point it to the tool");
  }
  fs::path dir_;
  std::string old_path_;
};

TEST_F(ToolPath, PathComesBeforeTheToolkitFolders) {
  const fs::path in_toolkit = make(dir_ / "toolkit" / "tool");
  const fs::path on_path = make(dir_ / "on-path" / "tool");
  auto found = find({in_toolkit});
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(*found, on_path);
}

TEST_F(ToolPath, TheFirstExecutableCandidateWhenPathHasNone) {
  const fs::path not_exec = make(dir_ / "toolkit" / "plain", false);
  const fs::path exec = make(dir_ / "toolkit" / "tool");
  auto found = find({dir_ / "missing" / "tool", not_exec, exec});
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(*found, exec);
}

TEST_F(ToolPath, TheOverrideWinsAndMustBeAnExecutable) {
  make(dir_ / "on-path" / "tool");
  const fs::path chosen = make(dir_ / "toolkit" / "tool");
  ::setenv("JUDGE_TEST_TOOL", chosen.c_str(), 1);
  auto found = find({});
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(*found, chosen);

  ::setenv("JUDGE_TEST_TOOL", (dir_ / "nope").c_str(), 1);
  auto bad = find({});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message,
            "JUDGE_TEST_TOOL=" + (dir_ / "nope").string() + " is not an executable: point it to the tool");
}

TEST_F(ToolPath, NothingFoundGivesTheCallersMessage) {
  auto found = find({dir_ / "missing" / "tool"});
  ASSERT_FALSE(found.ok());
  EXPECT_EQ(found.error().message, "tool not found");
}

}  // namespace
}  // namespace judge::util
