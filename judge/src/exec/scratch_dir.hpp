// The runner's private scratch folder: made (mode 0700) under the judge's temporary folder when
// the runner starts, its working directory and TMPDIR, the only place it may write, removed
// with everything in it when the runner ends, or by an interrupt (util/interrupt) that stopped it.
#pragma once

#include <filesystem>

#include "util/result.hpp"

namespace judge::exec {

class ScratchDir {
 public:
  static Result<ScratchDir> create();
  ScratchDir() = default;
  ScratchDir(ScratchDir&& o) noexcept;
  ScratchDir& operator=(ScratchDir&& o) noexcept;
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  ~ScratchDir() { remove(); }

  const std::filesystem::path& path() const { return path_; }
  // Removes the folder, also where the solution took away its own permissions on a part of it.
  void remove();

 private:
  std::filesystem::path path_;
};

}  // namespace judge::exec
