#include "util/file_watch.hpp"

#include <fmt/format.h>
#include <poll.h>
#include <sys/inotify.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <set>

namespace judge::util {
namespace fs = std::filesystem;

namespace {

// What a save can look like in the folder: written in place (modify, close), replaced (a new
// file renamed over the old one, or created anew), or touched (attributes). A deletion alone is
// not a save: the editor's next event is.
constexpr std::uint32_t kSaveEvents = IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_CREATE | IN_ATTRIB;
// The folder itself went away: nothing in it can be watched any more.
constexpr std::uint32_t kFolderGone = IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED;

// The file with its folder resolved (symbolic links, "..", relative to the current folder), so
// that it matches the folder a watch descriptor stands for.
fs::path resolve(const fs::path& file) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(file, ec), ec);
  return ec ? fs::absolute(file) : p;
}

}  // namespace

void Debounce::note(const fs::path& file, Clock::time_point when) {
  last_ = when;
  if (std::find(files_.begin(), files_.end(), file) == files_.end()) files_.push_back(file);
}

std::vector<fs::path> Debounce::take() {
  return std::exchange(files_, {});
}

Result<FileWatch> FileWatch::open(const std::vector<fs::path>& files) {
  FileWatch w;
  w.fd_ = Fd(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC));
  if (!w.fd_.valid())
    return make_error(fmt::format("cannot watch files (inotify): {}{}", std::strerror(errno),
                                  errno == EMFILE ? " (raise fs.inotify.max_user_instances)" : ""));
  if (auto s = w.watch(files); !s) return s.error();
  return w;
}

Status FileWatch::watch(const std::vector<fs::path>& files) {
  std::vector<fs::path> resolved;
  std::set<fs::path> needed;
  for (const fs::path& f : files) {
    resolved.push_back(resolve(f));
    needed.insert(resolved.back().parent_path());
  }
  for (auto it = folders_.begin(); it != folders_.end();) {
    if (needed.count(it->second)) {
      ++it;
      continue;
    }
    ::inotify_rm_watch(fd_.get(), it->first);
    it = folders_.erase(it);
  }
  for (const fs::path& folder : needed) {
    const int wd =
        ::inotify_add_watch(fd_.get(), folder.c_str(), kSaveEvents | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR);
    if (wd < 0)
      return make_error(fmt::format("cannot watch the folder {}: {}{}", folder.string(), std::strerror(errno),
                                    errno == ENOSPC ? " (raise fs.inotify.max_user_watches)" : ""));
    folders_[wd] = folder;
  }
  files_ = files;
  resolved_ = std::move(resolved);
  return Ok{};
}

Status FileWatch::read_events(Debounce& burst) {
  alignas(inotify_event) char buf[16 * (sizeof(inotify_event) + NAME_MAX + 1)];
  for (;;) {
    const ssize_t n = ::read(fd_.get(), buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Ok{};  // EAGAIN: nothing more for now
    const auto now = Debounce::Clock::now();
    for (ssize_t at = 0; at < n;) {
      const auto* e = reinterpret_cast<const inotify_event*>(buf + at);
      at += static_cast<ssize_t>(sizeof(inotify_event) + e->len);
      if (e->mask & IN_Q_OVERFLOW) {
        for (const fs::path& f : files_) burst.note(f, now);
        continue;
      }
      const auto folder = folders_.find(e->wd);
      if (folder == folders_.end()) continue;  // a watch dropped by watch()
      if (e->mask & kFolderGone)
        return make_error(fmt::format("the folder {} was removed or moved: nothing in it can be watched any more",
                                      folder->second.string()));
      if (!(e->mask & kSaveEvents) || e->len == 0) continue;
      const fs::path name = e->name;
      for (std::size_t i = 0; i < resolved_.size(); ++i) {
        if (resolved_[i].parent_path() == folder->second && resolved_[i].filename() == name) burst.note(files_[i], now);
      }
    }
  }
}

Result<std::vector<fs::path>> FileWatch::next_change(std::chrono::milliseconds quiet,
                                                     std::optional<std::chrono::milliseconds> timeout) {
  using Clock = Debounce::Clock;
  Debounce burst(quiet);
  const std::optional<Clock::time_point> deadline = timeout ? std::optional(Clock::now() + *timeout) : std::nullopt;
  for (;;) {
    const auto now = Clock::now();
    if (burst.over(now)) return burst.take();
    // Waiting for the burst to end, else for the first event (until the deadline, if any).
    int wait_ms = -1;
    const std::optional<Clock::time_point> until = burst.pending() ? std::optional(burst.due()) : deadline;
    if (until) {
      if (!burst.pending() && now >= *until) return std::vector<fs::path>{};
      wait_ms =
          static_cast<int>(std::max<long long>(std::chrono::ceil<std::chrono::milliseconds>(*until - now).count(), 0));
    }
    pollfd p{fd_.get(), POLLIN, 0};
    const int r = ::poll(&p, 1, wait_ms);
    if (r < 0 && errno != EINTR) return make_error(fmt::format("waiting for file changes: {}", std::strerror(errno)));
    if (r > 0) {
      if (auto s = read_events(burst); !s) return s.error();
    }
  }
}

}  // namespace judge::util
