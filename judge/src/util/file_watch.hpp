// Waiting for files to be saved (Linux inotify), for `judge run --watch`.
//
// The folders holding the files are watched, not the files: an editor often saves by writing a
// new file and renaming it over the old one, and a watch on the old file would end with it.
// Events on other names in those folders are ignored. A save is several events (create, writes,
// close, rename, attributes), and an editor may save twice in a row (a formatter on save), so a
// change is reported once the watched files have been quiet for a while (Debounce).
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "util/fd.hpp"
#include "util/result.hpp"

namespace judge::util {

// Which files changed in a burst of events and when the burst is over: over once `quiet` has
// passed since the last event. Pure (the caller gives the times), so it is tested without waiting.
class Debounce {
 public:
  using Clock = std::chrono::steady_clock;
  explicit Debounce(std::chrono::milliseconds quiet) : quiet_(quiet) {}

  void note(const std::filesystem::path& file, Clock::time_point when);
  bool pending() const { return !files_.empty(); }
  // When the burst is over if nothing else comes (meaningful while pending()).
  Clock::time_point due() const { return last_ + quiet_; }
  bool over(Clock::time_point now) const { return pending() && now >= due(); }
  // The files of the burst, each once, in the order of their first event; starts a new burst.
  std::vector<std::filesystem::path> take();

 private:
  std::chrono::milliseconds quiet_;
  Clock::time_point last_{};
  std::vector<std::filesystem::path> files_;
};

class FileWatch {
 public:
  // Watches the folders of `files` (a file need not exist yet: its folder must).
  static Result<FileWatch> open(const std::vector<std::filesystem::path>& files);
  // Replaces the watched files: folders no longer needed are dropped, new ones added.
  Status watch(const std::vector<std::filesystem::path>& files);
  const std::vector<std::filesystem::path>& files() const { return files_; }

  // Waits for a change to a watched file, then until they have all been quiet for `quiet`, and
  // returns the files that changed (as given to watch()). Events that came since the last call
  // count: a file saved while the caller was busy is reported at once. With `timeout`, returns
  // an empty list when nothing changed within it. When the kernel's queue overflowed (events
  // lost), every file counts as changed. An error when a watched folder was removed or moved.
  Result<std::vector<std::filesystem::path>> next_change(
      std::chrono::milliseconds quiet, std::optional<std::chrono::milliseconds> timeout = std::nullopt);

 private:
  // Reads the events waiting on the descriptor into `burst`; an error for a folder gone.
  Status read_events(Debounce& burst);

  Fd fd_;
  std::map<int, std::filesystem::path> folders_;  // watch descriptor -> folder
  std::vector<std::filesystem::path> files_;      // as given
  std::vector<std::filesystem::path> resolved_;   // files_[i] with its folder made absolute
};

}  // namespace judge::util
