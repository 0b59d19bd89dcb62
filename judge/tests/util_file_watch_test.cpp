// util/file_watch: the debounce on its own (given times), and inotify on a real folder: a burst
// of writes is one change, a file replaced by a rename is seen (again and again), other files
// in the folder are not, and a removed folder is an error.
#include "util/file_watch.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <thread>

#include "test_support.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;
using Clock = util::Debounce::Clock;

// Generous: nothing here waits for a timeout to pass unless the test expects no change.
constexpr milliseconds kQuiet{100};
constexpr milliseconds kLong{10000};
constexpr milliseconds kNothing{300};

void write(const fs::path& p, const std::string& text) {
  std::ofstream(p) << text;
}

TEST(Debounce, ABurstIsOverOnceQuietForTheWholeInterval) {
  util::Debounce d(milliseconds(200));
  const Clock::time_point t0{};
  EXPECT_FALSE(d.pending());
  d.note("s.cu", t0);
  d.note("s.cu", t0 + milliseconds(50));
  d.note("s.cu", t0 + milliseconds(150));
  EXPECT_TRUE(d.pending());
  EXPECT_EQ(d.due(), t0 + milliseconds(350));  // from the last event, not the first
  EXPECT_FALSE(d.over(t0 + milliseconds(349)));
  EXPECT_TRUE(d.over(t0 + milliseconds(350)));
  EXPECT_EQ(d.take(), std::vector<fs::path>{"s.cu"});
  EXPECT_FALSE(d.pending());
  EXPECT_FALSE(d.over(t0 + milliseconds(1000)));
}

TEST(Debounce, FilesComeOnceInTheOrderOfTheirFirstEvent) {
  util::Debounce d(milliseconds(10));
  const Clock::time_point t0{};
  d.note("b.cuh", t0);
  d.note("s.cu", t0);
  d.note("b.cuh", t0 + milliseconds(1));
  EXPECT_EQ(d.take(), (std::vector<fs::path>{"b.cuh", "s.cu"}));
}

TEST(FileWatch, ABurstOfWritesIsOneChange) {
  testing::TempDir dir;
  const fs::path s = dir.write("s.cu", "v1");
  auto w = util::FileWatch::open({s});
  ASSERT_TRUE(w) << w.error().message;
  // Written while nobody waited (the judge was busy with a run): reported on the next call.
  for (int i = 0; i < 5; ++i) write(s, "v" + std::to_string(i + 2));
  auto c = w->next_change(kQuiet, kLong);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(*c, std::vector<fs::path>{s});
  auto none = w->next_change(kQuiet, kNothing);
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty()) << "the five writes were one change";
}

TEST(FileWatch, WritesWithinTheQuietIntervalAreOneChange) {
  testing::TempDir dir;
  const fs::path s = dir.write("s.cu", "v1");
  auto w = util::FileWatch::open({s});
  ASSERT_TRUE(w) << w.error().message;
  // An editor that writes, then formats and writes again: events spread over ~100 ms, while the
  // watch is waiting. Gaps far below the quiet interval, so a loaded machine does not split them.
  std::thread editor([&] {
    for (int i = 0; i < 5; ++i) {
      write(s, "v" + std::to_string(i + 2));
      std::this_thread::sleep_for(milliseconds(20));
    }
  });
  auto c = w->next_change(milliseconds(1000), kLong);
  editor.join();
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(*c, std::vector<fs::path>{s});
  auto none = w->next_change(kQuiet, kNothing);
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty()) << "the writes were one change";
}

TEST(FileWatch, AFileReplacedByARenameIsSeenEveryTime) {
  testing::TempDir dir;
  const fs::path s = dir.write("s.cu", "v1");
  auto w = util::FileWatch::open({s});
  ASSERT_TRUE(w) << w.error().message;
  // The way many editors save: a new file, renamed over the old one (a new inode each time, so a
  // watch on the file itself would have ended after the first).
  for (int i = 0; i < 3; ++i) {
    const fs::path tmp = dir.write(".s.cu.tmp", "v" + std::to_string(i + 2));
    fs::rename(tmp, s);
    auto c = w->next_change(kQuiet, kLong);
    ASSERT_TRUE(c) << c.error().message;
    EXPECT_EQ(*c, std::vector<fs::path>{s}) << "save " << i + 1;
  }
}

TEST(FileWatch, AFileMovedAwayAndWrittenAnewIsOneChange) {
  testing::TempDir dir;
  const fs::path s = dir.write("s.cu", "v1");
  auto w = util::FileWatch::open({s});
  ASSERT_TRUE(w) << w.error().message;
  // vim with backupcopy=no: the old file becomes the backup, a new one is written.
  fs::rename(s, dir.path() / "s.cu~");
  write(s, "v2");
  auto c = w->next_change(kQuiet, kLong);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(*c, std::vector<fs::path>{s});
  auto none = w->next_change(kQuiet, kNothing);
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
}

TEST(FileWatch, OtherFilesInTheFolderAreIgnored) {
  testing::TempDir dir;
  const fs::path s = dir.write("s.cu", "v1");
  auto w = util::FileWatch::open({s});
  ASSERT_TRUE(w) << w.error().message;
  write(dir.path() / "notes.txt", "x");
  write(dir.path() / "s.cu.bak", "x");
  fs::rename(dir.path() / "notes.txt", dir.path() / "other.cu");
  auto none = w->next_change(kQuiet, kNothing);
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
  // Then the watched file and another in the same burst: only the watched one comes back.
  write(dir.path() / "other.cu", "y");
  write(s, "v2");
  auto c = w->next_change(kQuiet, kLong);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(*c, std::vector<fs::path>{s});
}

TEST(FileWatch, WatchReplacesTheFilesAndTheirFolders) {
  testing::TempDir dir;
  const fs::path s = dir.write("s.cu", "v1");
  const fs::path h = dir.write("inc/helper.cuh", "h1");
  auto w = util::FileWatch::open({s});
  ASSERT_TRUE(w) << w.error().message;
  ASSERT_TRUE(w->watch({s, h}));
  write(h, "h2");
  auto c = w->next_change(kQuiet, kLong);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(*c, std::vector<fs::path>{h});
  ASSERT_TRUE(w->watch({s}));  // the include went away
  write(h, "h3");
  auto none = w->next_change(kQuiet, kNothing);
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
  EXPECT_EQ(w->files(), std::vector<fs::path>{s});
}

TEST(FileWatch, AFolderThatIsMissingOrRemovedIsAnError) {
  testing::TempDir dir;
  auto missing = util::FileWatch::open({dir.path() / "nope" / "s.cu"});
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("nope"), std::string::npos) << missing.error().message;

  const fs::path sub = dir.path() / "sub";
  fs::create_directories(sub);
  auto w = util::FileWatch::open({sub / "s.cu"});
  ASSERT_TRUE(w) << w.error().message;
  fs::remove_all(sub);
  auto c = w->next_change(kQuiet, kLong);
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("was removed or moved"), std::string::npos) << c.error().message;
}

}  // namespace
}  // namespace judge
