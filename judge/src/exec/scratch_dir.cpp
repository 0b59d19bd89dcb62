#include "exec/scratch_dir.hpp"

#include <fmt/format.h>
#include <stdlib.h>

#include <cerrno>
#include <cstring>
#include <mutex>
#include <set>
#include <utility>

#include "util/interrupt.hpp"

namespace judge::exec {

namespace fs = std::filesystem;

namespace {

// Removes the folder, also where the solution took away its own permissions on a part of it.
void remove_tree(const fs::path& path) {
  std::error_code ec;
  if (fs::remove_all(path, ec) == static_cast<std::uintmax_t>(-1) || ec) {
    // A folder without read or execute permission cannot be emptied: give them back, retry.
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
    for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::error_code ignored;
      if (it->is_directory(ignored)) fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ignored);
    }
    fs::remove_all(path, ec);
  }
}

// The folders of live runners, for an interrupt (Ctrl-C) to remove after it stopped the runners:
// the objects that own them are never destroyed then. Made and removed under the lock, so none is
// made after the interrupt removed them.
std::mutex& live_mutex() {
  static std::mutex m;
  return m;
}

std::set<std::string>& live_folders() {
  static std::set<std::string> s;
  return s;
}

void remove_live_folders() {
  std::lock_guard lk(live_mutex());
  for (const std::string& path : live_folders()) remove_tree(path);
  live_folders().clear();
}

}  // namespace

Result<ScratchDir> ScratchDir::create() {
  static std::once_flag registered;
  std::call_once(registered, [] { util::at_interrupt(remove_live_folders); });
  std::error_code ec;
  fs::path base = fs::temp_directory_path(ec);
  if (ec) base = "/tmp";
  std::string pattern = (base / "judge-scratch-XXXXXX").string();
  std::lock_guard lk(live_mutex());
  if (util::interrupted()) return make_error("interrupted");
  if (::mkdtemp(pattern.data()) == nullptr)
    return make_error(fmt::format("cannot create the runner's scratch folder {}: {} (set TMPDIR to a writable folder)",
                                  pattern, std::strerror(errno)));
  live_folders().insert(pattern);
  ScratchDir d;
  d.path_ = pattern;
  return d;
}

ScratchDir::ScratchDir(ScratchDir&& o) noexcept : path_(std::exchange(o.path_, {})) {}

ScratchDir& ScratchDir::operator=(ScratchDir&& o) noexcept {
  if (this != &o) {
    remove();
    path_ = std::exchange(o.path_, {});
  }
  return *this;
}

void ScratchDir::remove() {
  if (path_.empty()) return;
  std::lock_guard lk(live_mutex());
  remove_tree(path_);
  live_folders().erase(path_.string());
  path_.clear();
}

}  // namespace judge::exec
