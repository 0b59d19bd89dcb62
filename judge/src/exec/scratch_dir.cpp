#include "exec/scratch_dir.hpp"

#include <fmt/format.h>
#include <stdlib.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace judge::exec {

namespace fs = std::filesystem;

Result<ScratchDir> ScratchDir::create() {
  std::error_code ec;
  fs::path base = fs::temp_directory_path(ec);
  if (ec) base = "/tmp";
  std::string pattern = (base / "judge-scratch-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr)
    return make_error(fmt::format("cannot create the runner's scratch folder {}: {} (set TMPDIR to a writable folder)",
                                  pattern, std::strerror(errno)));
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
  std::error_code ec;
  if (fs::remove_all(path_, ec) == static_cast<std::uintmax_t>(-1) || ec) {
    // A folder without read or execute permission cannot be emptied: give them back, retry.
    fs::permissions(path_, fs::perms::owner_all, fs::perm_options::add, ec);
    for (auto it = fs::recursive_directory_iterator(path_, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      std::error_code ignored;
      if (it->is_directory(ignored)) fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ignored);
    }
    fs::remove_all(path_, ec);
  }
  path_.clear();
}

}  // namespace judge::exec
